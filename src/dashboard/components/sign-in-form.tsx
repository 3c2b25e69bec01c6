/** @jsxImportSource hono/jsx */
// The e-mail + password form, reused by the OAuth approval screen (/oauth/authorize): it posts
// `email` and `password` (plus any hidden fields) to `action`; the handler calls services/auth/sign-in.ts signIn().
export interface SignInFormProps {
  /** Where the form posts; default /dashboard/sign-in. */
  action?: string;
  /** A message shown above the fields (the generic sign-in failure, a throttling notice). */
  error?: string;
  email?: string;
  /** Extra hidden fields carried through the post (e.g. `next`, OAuth request parameters). */
  hidden?: Record<string, string>;
  submitLabel?: string;
  heading?: string;
}

export const SignInForm = (p: SignInFormProps) => (
  <form method="post" action={p.action ?? "/dashboard/sign-in"} class="card auth" novalidate={false}>
    <h1>{p.heading ?? "Sign in to Katto"}</h1>
    {p.error && (
      <p class="alert" role="alert" id="signin-error">
        {p.error}
      </p>
    )}
    {Object.entries(p.hidden ?? {}).map(([name, value]) => (
      <input type="hidden" name={name} value={value} />
    ))}
    <label for="signin-email">Email</label>
    <input id="signin-email" name="email" type="email" autocomplete="username" required value={p.email ?? ""} aria-describedby={p.error ? "signin-error" : undefined} />
    <label for="signin-password">Password</label>
    <input id="signin-password" name="password" type="password" autocomplete="current-password" required minlength={1} />
    <button type="submit" class="btn primary wide">{p.submitLabel ?? "Sign in"}</button>
  </form>
);
