import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { projectRoot } from "../../src/server/paths.js";

/** One life of the product's process: started, then stopped with a signal (SIGKILL in the test). */
export interface ChaosServer {
  child: ChildProcess;
  url: string;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const entry = path.join(projectRoot, "test", "chaos", "chaos-server.ts");

/** Starts `chaos-server.ts` as a process of its own and resolves once it listens. */
export function startChaosServer(env: Record<string, string>): Promise<ChaosServer> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Keep the tail only: a long run's warnings must not grow without bound.
      if (output.length > 200_000) output = output.slice(-100_000);
      const ready = /CHAOS_READY (http:\/\/localhost:\d+)/.exec(output);
      if (ready)
        resolve({
          child,
          url: ready[1]!,
          output: () => output,
          kill: async (signal = "SIGKILL") => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() =>
      reject(new Error(`the chaos server exited before it listened:\n${output.slice(-4_000)}`)),
    );
  });
}
