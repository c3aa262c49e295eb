/** A failure the CLI and the API report as a message with a stable code (exit code 1, HTTP 4xx), never as a stack trace. */
export class HostError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}
