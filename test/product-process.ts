import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { projectRoot } from "../src/server/paths.js";

export interface ProductProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const entry = path.join(projectRoot, "src", "main.ts");

/**
 * Runs `src/main.ts` as `npm start` would, from source, and waits until it says where it listens.
 * A variable given as undefined is left out of the defaults below.
 */
export function runProduct(env: Record<string, string | undefined>): Promise<ProductProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      SESSION_SECRET: "product-process-test-secret-0123456789abcdef",
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
      // Production refuses to start on the simulated Google without this opt-in, and without mail.
      ALLOW_SANDBOX_IN_PRODUCTION: "true",
      SMTP_URL: "smtp://127.0.0.1:1",
      PORT: "0",
      SANDBOX_PORT: "0",
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Tidemark is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        resolve({
          child,
          url: match[1]!,
          output: () => output,
          stop: async (signal = "SIGTERM") => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) =>
      reject(new Error(`the product exited with ${code} before it listened:\n${output}`)),
    );
  });
}

/** Runs the product expecting it to refuse to start; resolves with its exit code and output. */
export function runProductExpectingExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}
