// `npm run dev`: the API from source with restarts on change, and Vite with hot reload in front
// of it at http://localhost:5000 (or $PORT), proxying /api to the API.
import { spawn } from "node:child_process";

const webPort = process.env.PORT ?? "5000";
const apiPort = process.env.API_PORT ?? "5001";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/main.ts"], {
    stdio: "inherit",
    // People use the app through Vite, so links and OAuth redirects must point there too.
    env: {
      ...process.env,
      PORT: apiPort,
      SERVE_WEB: "false",
      APP_URL: `http://localhost:${webPort}`,
    },
  }),
  spawn("npx", ["vite"], {
    stdio: "inherit",
    env: { ...process.env, PORT: webPort, API_PORT: apiPort },
  }),
];

let stopping = false;
function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stopAll(code ?? 0));
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
