import { Container } from "@cloudflare/containers";

/** The render backend (container/) as a Cloudflare Container, one instance per job. */
export class RenderContainer extends Container {
  defaultPort = 8080;
  sleepAfter = "10m";
}
