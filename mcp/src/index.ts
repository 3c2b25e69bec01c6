export { createKattoMcpServer, SERVER_INFO, type KattoMcpServerOptions } from "./server";
export { errorText, unwrap, type KattoTool } from "./tool";
export { sharedTools } from "./tools/index";
export { WAIT_DEFAULT_SECONDS, WAIT_MAX_SECONDS } from "./tools/wait.tool";
