// The container image, proven on this machine (`npm run test:container`): builds the repository's
// Dockerfile with podman, runs the image in production mode (secrets given with -e, mail to a
// small SMTP catcher run here, the built-in Google sandbox as a demo), and checks from outside the
// container what a deployment relies on: health and the image's HEALTHCHECK, a non-root process
// tree, the web app, sign-in by email link and through the sandbox's Google pages, a SIGTERM that
// lets an in-flight request finish and exits 0, data and sessions that survive a restart on the
// same volume, and a stop during start-up that does not hang. docs/container.md explains it.
//
// No image registry needs to be reachable: the Dockerfile's base image (node:<version>-bookworm-
// slim) is replaced by a local stand-in made the way the official one is (a minimal Debian
// bookworm, the Node binary from the npm registry's node-linux-<arch> package, npm, a `node`
// user), tagged with the very name the Dockerfile's FROM uses. Its Debian root is cached under
// $TIDEMARK_CONTAINER_CACHE (default ~/.cache/tidemark-container), so later runs skip debootstrap.
// A real base image already in podman's storage (pulled on a machine that can) is used as it is.
//
// Exit codes: 0 every check passed; 1 a check failed; 77 skipped, with a "SKIPPED: <reason>" line,
// because this machine cannot build or run containers (no podman, no root for the first
// debootstrap, a runtime or kernel that refuses containers). TEST_CONTAINER_ALLOW_SKIP=1 makes a skip exit 0.
// In CI (CI=true), or with TEST_CONTAINER_INSTALL=1, missing tools are installed with apt-get
// first (podman, runc, debootstrap), so CI skips only when containers truly cannot run.
//
// Environment: TEST_CONTAINER_IMAGE (default localhost/tidemark:container-test), the tag built and
// kept for later runs; TIDEMARK_CONTAINER_CACHE; TEST_CONTAINER_KEEP=1 leaves the containers and
// volumes in place after the run, for a look.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { get as httpGet } from "node:http";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const started = Date.now();
const image = process.env.TEST_CONTAINER_IMAGE || "localhost/tidemark:container-test";
const cacheDir =
  process.env.TIDEMARK_CONTAINER_CACHE ||
  path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "tidemark-container");
const allowSkip = process.env.TEST_CONTAINER_ALLOW_SKIP === "1";
const inCi = process.env.CI === "true" || process.env.CI === "1";
const mayInstall = inCi || process.env.TEST_CONTAINER_INSTALL === "1";
const keep = process.env.TEST_CONTAINER_KEEP === "1";
/** Bump when the stand-in base is made differently, so cached copies are rebuilt. */
const standInRecipe = "r1";
const standInLabel = "org.tidemark.container-test.stand-in";
const debianSuite = "bookworm";
/** src/main.ts's line on SIGTERM (with SHUTDOWN_DRAIN_SECONDS it names the drain first). */
const gracefulLogLine = /SIGTERM received: .*finishing in-flight requests/;
/** The app's own shutdown deadline (src/main.ts): a graceful stop must end well before it. */
const appGraceSeconds = 10;
const runId = `${process.pid}-${randomBytes(3).toString("hex")}`;

const results = { passed: 0, failed: 0 };
const containers = new Set();
const volumes = new Set();
let workDir = null;
let smtp = null;
/** Extra flags every `podman run` and `podman build` needs here (see probeRuntime). */
let runtimeFlags = [];

class Skip extends Error {}
class Fatal extends Error {
  constructor(message, recorded = false) {
    super(message);
    this.recorded = recorded;
  }
}

// ---------------------------------------------------------------------------------------------
// Output

function log(message) {
  console.log(message);
}

function pass(name, detail = "") {
  results.passed++;
  log(`PASS: ${name}${detail ? ` (${detail})` : ""}`);
}

function fail(name, detail = "") {
  results.failed++;
  log(`FAIL: ${name}${detail ? `: ${detail}` : ""}`);
}

/** A check: passes when `test` returns (its string is the detail), fails when it throws. */
async function check(name, test) {
  try {
    const detail = await test();
    pass(name, typeof detail === "string" ? detail : "");
    return true;
  } catch (error) {
    fail(name, error instanceof Error ? error.message : String(error));
    return false;
  }
}

/** A check the rest cannot do without: a failure ends the run (after clean-up). */
async function mustPass(name, test) {
  if (!(await check(name, test))) throw new Fatal(name, true);
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

// ---------------------------------------------------------------------------------------------
// Commands

/** Runs a command to its end; returns { status, stdout, stderr }. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    ...options,
  });
  if (result.error && result.error.code === "ENOENT")
    return { status: 127, stdout: "", stderr: "" };
  return {
    status: result.status ?? 1,
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? "",
  };
}

/** Runs a command and throws with its output when it fails. */
function runOrThrow(command, args, options = {}) {
  const result = run(command, args, options);
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.status}: ${tail(result.stderr || result.stdout, 15)}`,
    );
  return result.stdout;
}

/** Runs a long command with its output in a log file; shows progress lines as they come. */
function runLogged(command, args, logFile, progress = () => false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let pending = "";
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (progress(line)) log(`  ${line.slice(0, 160)}`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (error) => {
      output += String(error);
      writeFileSync(logFile, output);
      resolve({ status: 127, output });
    });
    child.on("close", (status) => {
      writeFileSync(logFile, output);
      resolve({ status: status ?? 1, output });
    });
  });
}

function tail(text, lines) {
  return text.trim().split("\n").slice(-lines).join("\n");
}

function commandExists(command) {
  return run("sh", ["-c", `command -v ${command}`]).status === 0;
}

function podman(args, options) {
  return run("podman", args, options);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// What the repository says

function readExpectations() {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const nodeVersion = pkg.dependencies?.node;
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
  const argVersion = /^ARG NODE_VERSION=(\S+)/m.exec(dockerfile)?.[1];
  const from = /^FROM\s+(\S+)/m.exec(dockerfile)?.[1];
  if (!from) throw new Fatal("the Dockerfile has no FROM line");
  const baseImage = qualify(from.replace(/\$\{?NODE_VERSION\}?/g, argVersion ?? ""));
  return { nodeVersion, argVersion, baseImage };
}

/** node:24 → docker.io/library/node:24, as podman and docker name it in their storage. */
function qualify(name) {
  const first = name.split("/")[0];
  const hasRegistry =
    name.includes("/") && (first.includes(".") || first.includes(":") || first === "localhost");
  if (hasRegistry) return name;
  return name.includes("/") ? `docker.io/${name}` : `docker.io/library/${name}`;
}

// ---------------------------------------------------------------------------------------------
// Tools and whether containers can run here

/**
 * podman is required; runc (where podman's default runtime cannot run containers here) and
 * debootstrap (for the stand-in base) are wanted. In CI, or with TEST_CONTAINER_INSTALL=1, as
 * root, whatever is missing is installed with apt-get.
 */
function ensureTools() {
  const missing = ["podman", "runc", "debootstrap"].filter((tool) => !commandExists(tool));
  if (missing.length === 0) return;
  if (mayInstall && process.getuid?.() === 0 && commandExists("apt-get")) {
    log(`Installing ${missing.join(" ")} (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    let result = run("apt-get", ["install", "-y", ...missing], { env });
    if (result.status !== 0) {
      run("apt-get", ["update"], { env });
      result = run("apt-get", ["install", "-y", ...missing], { env });
    }
    if (result.status !== 0)
      throw new Skip(`apt-get could not install ${missing.join(" ")}: ${tail(result.stderr, 3)}`);
    return;
  }
  if (missing.includes("podman"))
    throw new Skip(
      "podman is not installed (Debian: apt-get install -y podman runc debootstrap; or run as root with TEST_CONTAINER_INSTALL=1)",
    );
}

/**
 * How podman must run containers on this machine. The plain way first; where runc cannot set the
 * default rlimits (some sandboxes' cgroups), runc with explicit --ulimit values.
 */
function probeRuntime(probeImage) {
  const attempts = [
    [],
    ["--runtime", "runc", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1000:1000"],
  ];
  let lastError = "";
  for (const flags of attempts) {
    if (flags.includes("runc") && !commandExists("runc")) {
      lastError += " (runc, which might run them, is not installed)";
      continue;
    }
    const result = podman(["run", "--rm", "--network=none", ...flags, probeImage, "true"]);
    if (result.status === 0) return flags;
    lastError = tail(result.stderr, 3);
  }
  throw new Skip(`podman cannot run containers on this machine: ${lastError}`);
}

// ---------------------------------------------------------------------------------------------
// The stand-in for the base image

function imageLabel(name, label) {
  const result = podman(["image", "inspect", name, "--format", `{{index .Labels "${label}"}}`]);
  if (result.status !== 0) return null;
  return result.stdout.trim();
}

function imageExists(name) {
  return podman(["image", "exists", name]).status === 0;
}

function debianArch() {
  return { x64: "amd64", arm64: "arm64" }[process.arch] ?? process.arch;
}

/** The Debian mirror apt uses here (deb822 or one-line sources), else deb.debian.org. */
function aptMirrors() {
  const texts = [];
  for (const file of ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"]) {
    if (existsSync(file)) texts.push(readFileSync(file, "utf8"));
  }
  const uris = texts
    .join("\n")
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"))
    .flatMap((line) => [...line.matchAll(/(https?:\/\/\S+)/g)].map((match) => match[1]));
  const debian = uris.find((uri) => /\/debian\/?$/.test(uri)) ?? "http://deb.debian.org/debian";
  const security =
    uris.find((uri) => /\/debian-security\/?$/.test(uri)) ??
    "http://deb.debian.org/debian-security";
  return { debian: debian.replace(/\/$/, ""), security: security.replace(/\/$/, "") };
}

/** A minimal Debian root as a tar file, made once with debootstrap and kept in the cache. */
function debianRootTar() {
  const tarFile = path.join(
    cacheDir,
    `debian-${debianSuite}-minbase-${debianArch()}-${standInRecipe}.tar`,
  );
  if (existsSync(tarFile)) {
    log(`Debian ${debianSuite} root: cached (${tarFile})`);
    return tarFile;
  }
  if (process.getuid?.() !== 0)
    throw new Skip(
      "the stand-in base image needs a Debian root made with debootstrap, which needs root; run once as root (it is cached), or pull the real base image",
    );
  if (!commandExists("debootstrap"))
    throw new Skip("debootstrap is not installed (apt-get install -y debootstrap)");
  const mirrors = aptMirrors();
  const rootfs = path.join(workDir, "rootfs");
  log(`Debian ${debianSuite} root: debootstrap --variant=minbase from ${mirrors.debian} (once)…`);
  const t0 = Date.now();
  const result = run("debootstrap", [
    "--variant=minbase",
    `--arch=${debianArch()}`,
    debianSuite,
    rootfs,
    mirrors.debian,
  ]);
  if (result.status !== 0)
    throw new Fatal(`debootstrap failed: ${tail(result.stdout + result.stderr, 10)}`);
  // Slim as debian:bookworm-slim is: no package lists or downloaded packages, no docs or man pages.
  for (const leftover of [
    "var/cache/apt/archives",
    "var/cache/apt/pkgcache.bin",
    "var/cache/apt/srcpkgcache.bin",
    "var/lib/apt/lists",
    "usr/share/doc",
    "usr/share/man",
    "usr/share/info",
    "var/log",
  ]) {
    rmSync(path.join(rootfs, leftover), { recursive: true, force: true });
  }
  for (const folder of ["var/cache/apt/archives/partial", "var/lib/apt/lists/partial", "var/log"])
    mkdirSync(path.join(rootfs, folder), { recursive: true });
  rmSync(path.join(rootfs, "etc/apt/sources.list"), { force: true });
  writeFileSync(
    path.join(rootfs, "etc/apt/sources.list.d/debian.sources"),
    [
      `Types: deb`,
      `URIs: ${mirrors.debian}`,
      `Suites: ${debianSuite} ${debianSuite}-updates`,
      `Components: main`,
      `Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg`,
      ``,
      `Types: deb`,
      `URIs: ${mirrors.security}`,
      `Suites: ${debianSuite}-security`,
      `Components: main`,
      `Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg`,
      ``,
    ].join("\n"),
  );
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${tarFile}.partial-${runId}`;
  runOrThrow("tar", ["--numeric-owner", "-C", rootfs, "-cf", partial, "."]);
  renameSync(partial, tarFile);
  rmSync(rootfs, { recursive: true, force: true });
  log(`Debian ${debianSuite} root: made in ${seconds(Date.now() - t0)}, cached as ${tarFile}`);
  return tarFile;
}

/** The Node binary of the version the product pins: the repository's own, else from npm. */
function nodeBinary(version, into) {
  const local = path.join(root, "node_modules", "node", "bin", "node");
  if (existsSync(local) && run(local, ["--version"]).stdout.trim() === `v${version}`) {
    copyFileSync(local, into);
    return `node_modules/node/bin/node (v${version})`;
  }
  const packageName = `node-${process.platform}-${process.arch}`;
  const tgz = path.join(cacheDir, `${packageName}-${version}.tgz`);
  if (!existsSync(tgz)) {
    mkdirSync(cacheDir, { recursive: true });
    runOrThrow("npm", ["pack", `${packageName}@${version}`, "--pack-destination", cacheDir]);
  }
  const unpacked = path.join(workDir, "node-package");
  mkdirSync(unpacked, { recursive: true });
  runOrThrow("tar", ["-xzf", tgz, "-C", unpacked, "package/bin/node"]);
  copyFileSync(path.join(unpacked, "package", "bin", "node"), into);
  return `${packageName}@${version} from the npm registry`;
}

/** npm for the stand-in: the version this machine runs, from the npm registry (cached). */
function npmTarball(into) {
  const agent = /npm\/(\d+\.\d+\.\d+)/.exec(process.env.npm_config_user_agent ?? "")?.[1];
  const version = agent ?? run("npm", ["--version"]).stdout.trim();
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Fatal("cannot tell which npm to put in the base");
  const tgz = path.join(cacheDir, `npm-${version}.tgz`);
  if (!existsSync(tgz)) {
    mkdirSync(cacheDir, { recursive: true });
    runOrThrow("npm", ["pack", `npm@${version}`, "--pack-destination", cacheDir]);
  }
  copyFileSync(tgz, into);
  return version;
}

/**
 * The base image the Dockerfile names, made locally when it is not there: Debian bookworm
 * (minbase) + Node + npm + the `node` user (1000:1000), laid out as the official node images are.
 */
async function ensureBaseImage(baseImage, nodeVersion) {
  const key = `${debianSuite}-minbase-${standInRecipe}+node-${nodeVersion}`;
  if (imageExists(baseImage)) {
    const label = imageLabel(baseImage, standInLabel);
    if (!label) return `${baseImage}: the real image, already in podman's storage`;
    if (label.startsWith(`${key}+`)) return `${baseImage}: stand-in reused (${label})`;
  }
  const t0 = Date.now();
  const debianImage = `localhost/tidemark-container-test/debian:${debianSuite}-minbase-${standInRecipe}`;
  if (!imageExists(debianImage)) {
    const tarFile = debianRootTar();
    runOrThrow("podman", ["import", "--change", 'CMD ["bash"]', tarFile, debianImage]);
  }
  const context = path.join(workDir, "stand-in");
  mkdirSync(context, { recursive: true });
  const nodeSource = nodeBinary(nodeVersion, path.join(context, "node"));
  const npmVersion = npmTarball(path.join(context, "npm.tgz"));
  const label = `${key}+npm-${npmVersion}`;
  writeFileSync(
    path.join(context, "Containerfile"),
    [
      `# A local stand-in for ${baseImage}, made by scripts/test-container.mjs.`,
      `FROM ${debianImage}`,
      `COPY node npm.tgz /tmp/stand-in/`,
      `RUN set -e; \\`,
      `    install -m 0755 /tmp/stand-in/node /usr/local/bin/node; \\`,
      `    mkdir -p /usr/local/lib/node_modules; \\`,
      `    tar -xzf /tmp/stand-in/npm.tgz -C /tmp/stand-in; \\`,
      `    mv /tmp/stand-in/package /usr/local/lib/node_modules/npm; \\`,
      `    ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm; \\`,
      `    ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx; \\`,
      `    rm -rf /tmp/stand-in; \\`,
      `    groupadd --gid 1000 node; \\`,
      `    useradd --uid 1000 --gid node --shell /bin/bash --create-home node; \\`,
      `    node --version; npm --version`,
      `ENV NODE_VERSION=${nodeVersion}`,
      `LABEL ${standInLabel}="${label}"`,
      `CMD ["node"]`,
      ``,
    ].join("\n"),
  );
  // The first podman run needs an image; the Debian one is enough to learn how to run here.
  runtimeFlags = probeRuntime(debianImage);
  const result = podman([
    "build",
    ...runtimeFlags,
    "--pull=never",
    "--network=none",
    "--format",
    "docker",
    "-t",
    baseImage,
    context,
  ]);
  if (result.status !== 0)
    throw new Fatal(
      `building the stand-in base failed: ${tail(result.stdout + result.stderr, 15)}`,
    );
  return `${baseImage}: stand-in built in ${seconds(Date.now() - t0)} (Debian ${debianSuite} minbase, Node ${nodeVersion} from ${nodeSource}, npm ${npmVersion})`;
}

// ---------------------------------------------------------------------------------------------
// HTTP from outside the container

/** A cookie jar for one origin: name → value, as a browser would keep them. */
function cookieJar() {
  const cookies = new Map();
  return {
    take(response) {
      this.takeLines(response.headers.getSetCookie());
    },
    takeLines(lines) {
      for (const line of lines) {
        const [pair, ...attributes] = line.split(";");
        const eq = pair.indexOf("=");
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
        if (expired || value === "") cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    names() {
      return [...cookies.keys()];
    },
  };
}

async function request(
  url,
  { jar, method = "GET", json, form, headers = {}, timeoutMs = 15_000 } = {},
) {
  const allHeaders = { ...headers };
  if (jar) allHeaders.cookie = jar.header();
  let body;
  if (json !== undefined) {
    allHeaders["content-type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form !== undefined) {
    allHeaders["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  const response = await fetch(url, {
    method,
    headers: allHeaders,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  jar?.take(response);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function unescapeHtml(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The form of a sandbox page: where it posts, its CSRF token and its scope checkboxes. */
function sandboxForm(html) {
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
  const csrf = /name="csrf_token"[^>]*value="([^"]+)"/.exec(html)?.[1];
  assert(action && csrf, `no sign-in form on the sandbox page: ${html.slice(0, 200)}`);
  const scopes = [...html.matchAll(/name="scope"[^>]*value="([^"]+)"/g)].map((m) =>
    unescapeHtml(m[1]),
  );
  return { action: unescapeHtml(action), csrf: unescapeHtml(csrf), scopes };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

// ---------------------------------------------------------------------------------------------
// A mail catcher: just enough SMTP for nodemailer, on this machine's loopback

function startSmtpCatcher() {
  const messages = [];
  const waiters = [];
  const server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let recipients = [];
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.write("220 tidemark-container-test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          const message = { to: recipients, raw };
          recipients = [];
          messages.push(message);
          for (const waiter of waiters.splice(0)) waiter();
          socket.write("250 2.0.0 queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-tidemark-container-test\r\n250 8BITMIME\r\n");
        else if (verb === "HELO") socket.write("250 tidemark-container-test\r\n");
        else if (verb === "RCPT") {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          socket.write("250 2.1.5 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "QUIT") socket.end("221 2.0.0 Bye\r\n");
        else if (["MAIL", "RSET", "NOOP"].includes(verb)) socket.write("250 2.0.0 OK\r\n");
        else socket.write("502 5.5.1 Not implemented\r\n");
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: server.address().port,
        close: () => new Promise((done) => server.close(() => done())),
        async waitFor(recipient, timeoutMs) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = messages.find((message) => message.to.includes(recipient));
            if (found) return found;
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no mail to ${recipient} within ${seconds(timeoutMs)}`);
            await new Promise((wake) => {
              waiters.push(wake);
              setTimeout(wake, Math.min(left, 500));
            });
          }
        },
      }),
    );
  });
}

/** The sign-in link in a mail, whatever transfer encoding the mailer chose for its parts. */
function linkInMail(raw, appUrl) {
  const quotedPrintable = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const base64Blocks = [...raw.matchAll(/(?:^[A-Za-z0-9+/=]{16,}\r?\n)+/gm)]
    .map((match) => Buffer.from(match[0].replace(/\s+/g, ""), "base64").toString("utf8"))
    .join("\n");
  const pattern = new RegExp(
    `${appUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/login/continue\\?token=[A-Za-z0-9_.~%-]+`,
  );
  return pattern.exec(quotedPrintable)?.[0] ?? pattern.exec(base64Blocks)?.[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Containers

function containerState(name) {
  const result = podman([
    "inspect",
    name,
    "--format",
    "{{.State.Status}} {{.State.Running}} {{.State.ExitCode}}",
  ]);
  if (result.status !== 0) return null;
  const [status, running, exitCode] = result.stdout.trim().split(" ");
  return { status, running: running === "true", exitCode: Number(exitCode) };
}

function containerLogs(name) {
  const result = podman(["logs", name]);
  return result.stdout + result.stderr;
}

function startContainer(name, volume, env, extra = []) {
  const envFlags = Object.entries(env).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  const args = [
    "run",
    "-d",
    "--name",
    name,
    ...runtimeFlags,
    "--network=host",
    // No systemd here to time the health checks; `podman healthcheck run` runs the image's own.
    "--health-interval=disable",
    ...(volume ? ["-v", `${volume}:/data`] : []),
    ...envFlags,
    ...extra,
    image,
  ];
  containers.add(name);
  const result = podman(args);
  if (result.status !== 0) throw new Error(`podman run failed: ${tail(result.stderr, 5)}`);
}

/** Waits for a 200 from /api/health; fails early when the container stops. */
async function waitHealthy(name, appUrl, timeoutMs = 120_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    const state = containerState(name);
    if (!state?.running)
      throw new Error(
        `the container stopped (exit ${state?.exitCode}); its log:\n${tail(containerLogs(name), 20)}`,
      );
    try {
      const response = await fetch(`${appUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return { ms: Date.now() - t0, body: await response.json() };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(
    `no 200 from /api/health within ${seconds(timeoutMs)}; its log:\n${tail(containerLogs(name), 20)}`,
  );
}

/** `podman stop` (SIGTERM, then SIGKILL after `timeout`), timed; returns the exit code too. */
function stopContainer(name, timeout = 30) {
  const t0 = Date.now();
  podman(["stop", "--time", String(timeout), name]);
  const ms = Date.now() - t0;
  return { ms, exitCode: containerState(name)?.exitCode };
}

/** Runs `podman stop` without blocking this process, so requests can be in flight meanwhile. */
function stopContainerAsync(name, timeout = 30) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn("podman", ["stop", "--time", String(timeout), name], { stdio: "ignore" });
    child.on("close", () =>
      resolve({ ms: Date.now() - t0, exitCode: containerState(name)?.exitCode }),
    );
  });
}

function cleanUp() {
  if (keep) {
    if (containers.size > 0)
      log(`Kept for a look (TEST_CONTAINER_KEEP=1): ${[...containers, ...volumes].join(", ")}`);
  } else {
    for (const name of containers) podman(["rm", "--force", "--volumes", "--time", "5", name]);
    for (const volume of volumes) podman(["volume", "rm", "--force", volume]);
  }
  containers.clear();
  volumes.clear();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = null;
}

// ---------------------------------------------------------------------------------------------
// Sign-in through the sandbox, and a stop with a request in flight

/** How long the sandbox holds the app's token exchange, so the request is in flight at SIGTERM. */
const holdMs = 4000;

/**
 * Walks the sandbox's Google pages as a browser would (its sign-in page, then consent when it
 * asks) and returns where it sends the browser back: the app's callback, with a code.
 */
async function googleSignInToCallback(appUrl, sandboxUrl, appJar, googleEmail) {
  const sandboxJar = cookieJar();
  const sandboxOrigin = new URL(sandboxUrl).origin;
  const start = await request(`${appUrl}/api/login`, { jar: appJar });
  let location = new URL(start.headers.get("location") ?? "", appUrl);
  assert(
    start.status === 302 && location.origin === sandboxOrigin,
    `/api/login answered ${start.status} → ${location.href}`,
  );
  for (let step = 0; step < 4 && location.origin === sandboxOrigin; step++) {
    const page = await request(location.href, { jar: sandboxJar });
    if (page.status >= 300 && page.status < 400) {
      location = new URL(page.headers.get("location") ?? "", sandboxUrl);
      continue;
    }
    assert(page.status === 200, `${location.pathname} answered ${page.status}`);
    const form = sandboxForm(page.text);
    const isConsent = /name="decision"/.test(page.text);
    const fields = isConsent
      ? [
          ["csrf_token", form.csrf],
          ...form.scopes.map((scope) => ["scope", scope]),
          ["decision", "allow"],
        ]
      : [
          ["csrf_token", form.csrf],
          ["email", googleEmail],
        ];
    const answer = await request(new URL(form.action, sandboxUrl).href, {
      method: "POST",
      jar: sandboxJar,
      form: fields,
    });
    assert(
      answer.status === 303 || answer.status === 302,
      `posting ${location.pathname} answered ${answer.status}`,
    );
    location = new URL(answer.headers.get("location") ?? "", sandboxUrl);
  }
  assert(
    location.href.startsWith(`${appUrl}/api/auth/callback/google?`) &&
      location.searchParams.get("code"),
    `the sandbox sent the browser to ${location.href}`,
  );
  return location.href;
}

/** A GET on a connection of its own that closes with the answer (Connection: close). */
function getOnClosingConnection(url, jar) {
  return new Promise((resolve) => {
    const outgoing = httpGet(url, { agent: false, headers: { cookie: jar.header() } }, (answer) => {
      jar.takeLines(answer.headers["set-cookie"] ?? []);
      answer.resume();
      answer.on("end", () => resolve({ status: answer.statusCode }));
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer within 30 s")));
    outgoing.on("error", (error) => resolve({ status: 0, error: error.message }));
  });
}

/**
 * Holds the app's next token exchange at the sandbox, follows the callback, and stops the
 * container a second later, while the callback waits on that exchange. Without a callback (an
 * earlier check failed) it only stops the container.
 */
async function stopWithRequestInFlight(name, sandboxUrl, callbackUrl, jar, { keepAlive }) {
  if (!callbackUrl) return { stop: stopContainer(name, 30), callback: null };
  const fault = await request(`${sandboxUrl}/__sandbox/control/faults`, {
    method: "POST",
    json: {
      method: "oauth2.token.authorization_code",
      kind: "latency",
      latencyMs: holdMs,
      times: 1,
    },
  }).catch((error) => ({ status: 0, text: String(error) }));
  if (fault.status >= 300 || fault.status === 0) {
    fail(
      "the sandbox holds up the token exchange",
      `fault control answered ${fault.status} ${fault.text}`,
    );
    return { stop: stopContainer(name, 30), callback: null };
  }
  const inFlight = keepAlive
    ? request(callbackUrl, { jar, timeoutMs: 30_000 }).catch((error) => ({
        status: 0,
        error: error.message,
      }))
    : getOnClosingConnection(callbackUrl, jar);
  await sleep(1000);
  const [stop, callback] = await Promise.all([stopContainerAsync(name, 30), inFlight]);
  return { stop, callback };
}

function assertSignedInCallback(callback, jar) {
  assert(callback, "no sign-in to hold in flight (see above)");
  assert(
    callback.status === 302,
    `the callback answered ${callback.status} ${callback.error ?? ""}`,
  );
  assert(
    jar.names().some((name) => name.includes("session_token")),
    `no session cookie: ${jar.names().join(", ")}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The test

async function main() {
  log(`Container test of ${root}`);
  const expected = readExpectations();

  await check("the Dockerfile's Node is the product's Node", () => {
    assert(expected.nodeVersion, 'package.json has no "node" dependency');
    assert(
      expected.argVersion === expected.nodeVersion,
      `Dockerfile ARG NODE_VERSION=${expected.argVersion}, package.json "node": ${expected.nodeVersion}`,
    );
    return `${expected.nodeVersion}, base ${expected.baseImage}`;
  });
  const nodeVersion = expected.argVersion ?? expected.nodeVersion;

  ensureTools();
  workDir = mkdtempSync(path.join(tmpdir(), "tidemark-container-test-"));

  // 1. The base image (a local stand-in when it cannot be pulled), and how containers run here.
  const tBase = Date.now();
  log(await ensureBaseImage(expected.baseImage, nodeVersion));
  if (runtimeFlags.length === 0) runtimeFlags = probeRuntime(expected.baseImage);
  if (runtimeFlags.length > 0) log(`Containers run here with: ${runtimeFlags.join(" ")}`);
  const baseMs = Date.now() - tBase;

  // 2. The image, from the repository's own Dockerfile.
  const tBuild = Date.now();
  const previousId = podman(["image", "inspect", image, "--format", "{{.Id}}"]).stdout.trim();
  const buildArgs = [
    "build",
    ...runtimeFlags,
    "--pull=never",
    // npm ci inside the build reaches the npm registry through the host's network.
    "--network=host",
    // The docker format keeps HEALTHCHECK (the OCI format has no field for it).
    "--format",
    "docker",
    "-t",
    image,
    "-f",
    path.join(root, "Dockerfile"),
  ];
  const caBundle = [process.env.NODE_EXTRA_CA_CERTS, "/etc/ssl/certs/ca-certificates.crt"].find(
    (file) => file && existsSync(file),
  );
  if (caBundle) buildArgs.push("--secret", `id=npm-ca,src=${caBundle}`);
  buildArgs.push(root);
  log(`Building ${image} (podman build --pull=never --network=host)…`);
  const buildLog = path.join(tmpdir(), `tidemark-container-build-${runId}.log`);
  const build = await runLogged("podman", buildArgs, buildLog, (line) =>
    /^(\[\d+\/\d+\] )?STEP \d+\/\d+: (FROM|RUN)|Using cache|^added \d+ packages/.test(line),
  );
  const buildMs = Date.now() - tBuild;
  await mustPass("the image builds from the Dockerfile", () => {
    assert(
      build.status === 0,
      `podman build exited ${build.status}; log ${buildLog}:\n${tail(build.output, 25)}`,
    );
    rmSync(buildLog, { force: true });
    return `${seconds(buildMs)}`;
  });
  const imageId = podman(["image", "inspect", image, "--format", "{{.Id}}"]).stdout.trim();
  if (previousId && previousId !== imageId) podman(["rmi", previousId]);

  // 3. What the image is, before it runs.
  const inspected = JSON.parse(runOrThrow("podman", ["image", "inspect", image]))[0];
  const config = inspected.Config ?? {};
  await check("the image runs as a non-root user", () => {
    assert(config.User && !/^(0|root)(:|$)/.test(config.User), `USER is "${config.User ?? ""}"`);
    return `USER ${config.User}`;
  });
  await check("the image declares port, volume, environment and entrypoint", () => {
    const env = Object.fromEntries(
      (config.Env ?? []).map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    for (const [key, value] of Object.entries({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PORT: "5000",
      DATA_DIR: "/data",
    }))
      assert(env[key] === value, `${key} is "${env[key]}", expected "${value}"`);
    assert(Object.keys(config.ExposedPorts ?? {}).includes("5000/tcp"), "no EXPOSE 5000");
    assert(Object.keys(config.Volumes ?? {}).includes("/data"), "no VOLUME /data");
    const entry = [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])].join(" ");
    assert(/tini -- node dist\/main\.js$/.test(entry), `entrypoint and command: ${entry}`);
    assert(
      (inspected.Healthcheck ?? config.Healthcheck)?.Test?.join(" ").includes("/api/health"),
      "no HEALTHCHECK on /api/health",
    );
    return `${entry}; size ${Math.round(inspected.Size / 1e6)} MB`;
  });
  await check("the image holds the build output and production packages only", () => {
    const probe = [
      "const fs = require('node:fs');",
      "const has = (p) => fs.existsSync(p);",
      "console.log(JSON.stringify({",
      "  node: process.versions.node,",
      "  uid: process.getuid(),",
      "  needed: ['package.json', 'dist/main.js', 'dist/web/index.html', 'dist/web-render/server-render.js', 'drizzle/meta/_journal.json', 'node_modules/fastify', 'node_modules/@electric-sql/pglite'].filter((p) => !has(p)),",
      "  unwanted: ['src', 'node_modules/typescript', 'node_modules/vite', 'node_modules/vitest', 'node_modules/drizzle-kit', 'node_modules/node', 'node_modules/.bin/node', '.git', 'test', 'e2e'].filter(has),",
      "}));",
    ].join("\n");
    const output = runOrThrow("podman", [
      "run",
      "--rm",
      ...runtimeFlags,
      "--network=none",
      "--entrypoint",
      "node",
      image,
      "-e",
      probe,
    ]);
    const facts = JSON.parse(output.trim().split("\n").pop());
    assert(facts.node === nodeVersion, `Node ${facts.node} in the image, ${nodeVersion} expected`);
    assert(facts.needed.length === 0, `missing: ${facts.needed.join(", ")}`);
    assert(facts.unwanted.length === 0, `should not be there: ${facts.unwanted.join(", ")}`);
    return `Node ${facts.node}, uid ${facts.uid}`;
  });
  await check("production refuses to start without its secrets", () => {
    const result = podman(["run", "--rm", ...runtimeFlags, "--network=none", image]);
    const output = result.stdout + result.stderr;
    assert(result.status === 1, `exit ${result.status}, expected 1: ${tail(output, 5)}`);
    assert(
      output.includes("Invalid configuration: SESSION_SECRET is required in production"),
      `no configuration message: ${tail(output, 5)}`,
    );
    return "exit 1, names SESSION_SECRET";
  });

  // 4. The product in production mode: secrets with -e, mail to the catcher, the sandbox as a demo.
  smtp = await startSmtpCatcher();
  const [port, sandboxPort] = await freePorts(2);
  const appUrl = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://localhost:${sandboxPort}`;
  const volume = `tidemark-container-test-${runId}`;
  runOrThrow("podman", ["volume", "create", volume]);
  volumes.add(volume);
  const env = {
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    APP_URL: appUrl,
    SESSION_SECRET: randomBytes(36).toString("base64"),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ALLOW_SANDBOX_IN_PRODUCTION: "true",
    SANDBOX_CONTROL: "on",
    // No load balancer to tell: SIGTERM goes straight to finishing in-flight requests.
    SHUTDOWN_DRAIN_SECONDS: "0",
  };
  const first = `tidemark-container-test-${runId}-a`;
  startContainer(first, volume, env);
  let firstStartMs = 0;
  await mustPass("the container starts and /api/health answers 200", async () => {
    const { ms, body } = await waitHealthy(first, appUrl);
    firstStartMs = ms;
    assert(body.status === "ok", `health says ${JSON.stringify(body)}`);
    return `${seconds(ms)} on a new volume; ${JSON.stringify(body)}`;
  });

  await check("the image's HEALTHCHECK reports healthy", () => {
    const result = podman(["healthcheck", "run", first]);
    assert(result.status === 0, `exit ${result.status}: ${(result.stdout + result.stderr).trim()}`);
    return (result.stdout.trim() || "healthy").split("\n")[0];
  });

  await check(
    "every process in the container runs as non-root, tini as PID 1 and Node under it",
    () => {
      const script = [
        "const fs = require('node:fs');",
        "const list = fs.readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).map((pid) => {",
        "  try {",
        "    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');",
        "    const uid = Number(/^Uid:\\s+(\\d+)/m.exec(status)[1]);",
        "    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\\0').join(' ').trim();",
        "    return { pid: Number(pid), uid, cmd };",
        "  } catch { return null; }",
        "}).filter(Boolean);",
        "console.log(JSON.stringify(list));",
      ].join("\n");
      const processes = JSON.parse(
        runOrThrow("podman", ["exec", first, "node", "-e", script]).trim(),
      );
      const rooted = processes.filter((p) => p.uid === 0);
      assert(rooted.length === 0, `root processes: ${rooted.map((p) => p.cmd).join("; ")}`);
      const init = processes.find((p) => p.pid === 1);
      assert(init?.cmd.startsWith("/usr/bin/tini -- node dist/main.js"), `PID 1 is "${init?.cmd}"`);
      assert(
        processes.some((p) => p.pid !== 1 && p.cmd === "node dist/main.js"),
        "no `node dist/main.js` process",
      );
      return `uid ${[...new Set(processes.map((p) => p.uid))].join(",")}; PID 1: ${init.cmd}`;
    },
  );

  await check("the app cannot change its own code; DATA_DIR is its to write", () => {
    const result = podman([
      "exec",
      first,
      "sh",
      "-c",
      "touch /app/dist/main.js 2>/dev/null && echo app-writable; test -d /data/pglite && test -w /data && echo data-ok",
    ]);
    assert(!result.stdout.includes("app-writable"), "the runtime user can write /app");
    assert(result.stdout.includes("data-ok"), "no database in the /data volume");
    return "/app read-only, /data/pglite on the volume";
  });

  await check("the web app is served, precompressed", async () => {
    const page = await fetch(`${appUrl}/`, { headers: { "accept-encoding": "br, gzip" } });
    const html = await page.text();
    assert(page.status === 200, `GET / answered ${page.status}`);
    assert(/<html/i.test(html) && html.includes("Tidemark"), "GET / is not the Tidemark page");
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    assert(script, "no script in the page");
    const asset = await fetch(`${appUrl}${script}`, { headers: { "accept-encoding": "br" } });
    await asset.arrayBuffer();
    assert(asset.status === 200, `${script} answered ${asset.status}`);
    assert(asset.headers.get("content-encoding") === "br", `${script} is not sent as brotli`);
    return `GET / 200, ${script} as br`;
  });

  // 5. Sign-in by email link, as a person would: the mail, the continue page, Continue.
  const appJar = cookieJar();
  const email = `container-test-${runId}@example.com`;
  await check(
    "sign-in by email link works end to end (mailed over SMTP in production)",
    async () => {
      const asked = await request(`${appUrl}/api/auth/sign-in/magic-link`, {
        method: "POST",
        jar: appJar,
        headers: { origin: appUrl },
        json: { email, callbackURL: "/", newUserCallbackURL: "/", errorCallbackURL: "/login" },
      });
      assert(
        asked.status === 200,
        `asking for a link answered ${asked.status}: ${asked.text.slice(0, 200)}`,
      );
      const mail = await smtp.waitFor(email, 20_000);
      const link = linkInMail(mail.raw, appUrl);
      assert(link, `no sign-in link in the mail:\n${mail.raw.slice(0, 600)}`);
      const token = new URL(link).searchParams.get("token");
      const page = await request(link, { jar: appJar });
      assert(
        page.status === 200 && /<html/i.test(page.text),
        `the continue page answered ${page.status}`,
      );
      const preview = await request(
        `${appUrl}/api/auth/sign-in-link?${new URLSearchParams({ token })}`,
        { jar: appJar },
      );
      const previewBody = parseJson(preview.text);
      assert(
        preview.status === 200 && previewBody?.email,
        `preview answered ${preview.status}: ${preview.text}`,
      );
      const signedIn = await request(`${appUrl}/api/auth/sign-in-link`, {
        method: "POST",
        jar: appJar,
        headers: { origin: appUrl },
        json: { token },
      });
      assert(signedIn.status === 200, `Continue answered ${signedIn.status}: ${signedIn.text}`);
      const user = await request(`${appUrl}/api/auth/user`, { jar: appJar });
      assert(user.status === 200, `/api/auth/user answered ${user.status} after signing in`);
      assert(parseJson(user.text)?.email === email, `signed in as ${user.text}`);
      return `mail caught, link previewed as ${previewBody.email}, signed in as ${email}; cookies ${appJar.names().join(", ")}`;
    },
  );

  // 6. Sign-in through the sandbox's Google pages, with the app's token exchange held up at the
  // sandbox and the container stopped while that request is in flight: the request must finish,
  // the log must say so, and the process must exit 0. This client keeps its connection alive, as
  // browsers and proxies do.
  const googleEmail = `container-google-${runId}@example.com`;
  const googleJar = cookieJar();
  let callbackUrl = null;
  await check("Google sign-in through the sandbox's pages leads back to the app", async () => {
    callbackUrl = await googleSignInToCallback(appUrl, sandboxUrl, googleJar, googleEmail);
    return "sign-in and consent pages passed, code issued";
  });
  const firstStop = await stopWithRequestInFlight(first, sandboxUrl, callbackUrl, googleJar, {
    keepAlive: true,
  });
  const firstLogs = containerLogs(first);
  await check("a request in flight at SIGTERM finishes (keep-alive client)", () => {
    assertSignedInCallback(firstStop.callback, googleJar);
    assert(
      gracefulLogLine.test(firstLogs),
      `no "SIGTERM received: … finishing in-flight requests" in the log`,
    );
    return `callback 302 with a session, held ${seconds(holdMs)} at the sandbox; the shutdown line logged`;
  });
  // The finished request's keep-alive connection must not hold the server open: the close sweeps
  // connections as they fall idle (src/server/start-server.ts), so the stop ends well before the
  // app's forced exit.
  await check(`…and the process then exits 0 within the app's ${appGraceSeconds} s`, () => {
    assert(
      firstStop.stop.exitCode === 0 && firstStop.stop.ms < appGraceSeconds * 1000,
      `exit ${firstStop.stop.exitCode} after ${seconds(firstStop.stop.ms)}`,
    );
    return `exit 0 after ${seconds(firstStop.stop.ms)}`;
  });

  // 7. The same volume again: the database and both sessions are still there. Then another
  // request in flight at SIGTERM, this time on a connection that closes with its answer.
  const second = `tidemark-container-test-${runId}-b`;
  startContainer(second, volume, env);
  let restartMs = 0;
  await mustPass("a new container on the same volume starts", async () => {
    const { ms } = await waitHealthy(second, appUrl);
    restartMs = ms;
    return `${seconds(ms)} with the existing database`;
  });
  await check("sessions survive the restart (data kept in the /data volume)", async () => {
    const user = await request(`${appUrl}/api/auth/user`, { jar: appJar });
    assert(
      user.status === 200 && parseJson(user.text)?.email === email,
      `email session: ${user.status} ${user.text}`,
    );
    assert(firstStop.callback?.status === 302, "no Google session to look for (see above)");
    const googleUser = await request(`${appUrl}/api/auth/user`, { jar: googleJar });
    assert(
      googleUser.status === 200 && parseJson(googleUser.text)?.email === googleEmail,
      `Google session: ${googleUser.status} ${googleUser.text}`,
    );
    return `${email} and ${googleEmail} still signed in`;
  });
  const secondJar = cookieJar();
  let secondCallbackUrl = null;
  await check("Google sign-in again, as a returning sandbox account", async () => {
    secondCallbackUrl = await googleSignInToCallback(appUrl, sandboxUrl, secondJar, googleEmail);
    return "code issued";
  });
  const secondStop = await stopWithRequestInFlight(
    second,
    sandboxUrl,
    secondCallbackUrl,
    secondJar,
    {
      keepAlive: false,
    },
  );
  const secondLogs = containerLogs(second);
  await check("a request in flight at SIGTERM finishes (connection: close)", () => {
    assertSignedInCallback(secondStop.callback, secondJar);
    return `callback 302 with a session, held ${seconds(holdMs)} at the sandbox`;
  });
  await check(
    `SIGTERM stops the container gracefully (exit 0, within the app's ${appGraceSeconds} s)`,
    () => {
      const { exitCode, ms } = secondStop.stop;
      assert(exitCode === 0, `exit code ${exitCode}; log:\n${tail(secondLogs, 6)}`);
      assert(ms < appGraceSeconds * 1000, `took ${seconds(ms)}`);
      assert(
        gracefulLogLine.test(secondLogs),
        `no "SIGTERM received: … finishing in-flight requests" in the log:\n${tail(secondLogs, 10)}`,
      );
      return `podman stop took ${seconds(ms)}, the shutdown line logged`;
    },
  );

  // 8. Stopped while still starting: no hang until the SIGKILL.
  const [port3, sandboxPort3] = await freePorts(2);
  const third = `tidemark-container-test-${runId}-c`;
  startContainer(third, null, {
    ...env,
    PORT: String(port3),
    SANDBOX_PORT: String(sandboxPort3),
    APP_URL: `http://127.0.0.1:${port3}`,
  });
  await sleep(1500);
  const wasReady = await fetch(`http://127.0.0.1:${port3}/api/health`, {
    signal: AbortSignal.timeout(1000),
  })
    .then((response) => response.ok)
    .catch(() => false);
  const earlyStop = stopContainer(third, 30);
  await check("a container stopped during start-up stops at once", () => {
    assert(earlyStop.ms < 5000, `took ${seconds(earlyStop.ms)} (a SIGTERM that nobody handled?)`);
    assert([0, 143].includes(earlyStop.exitCode), `exit code ${earlyStop.exitCode}`);
    return `${seconds(earlyStop.ms)}, exit ${earlyStop.exitCode}${wasReady ? " (it was already ready)" : " (before it was ready)"}`;
  });

  log(
    `Timings: base image ${seconds(baseMs)}, build ${seconds(buildMs)}, first start ${seconds(firstStartMs)}, ` +
      `restart ${seconds(restartMs)}, whole run ${seconds(Date.now() - started)}`,
  );
}

// ---------------------------------------------------------------------------------------------

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: cleaning up…`);
    cleanUp();
    process.exit(130);
  });
}

let exitCode = 0;
let skippedReason = null;
try {
  await main();
  exitCode = results.failed > 0 ? 1 : 0;
} catch (error) {
  if (error instanceof Skip) {
    skippedReason = error.message;
    log(`SKIPPED: ${error.message}`);
    exitCode = allowSkip ? 0 : 77;
  } else if (error instanceof Fatal) {
    if (!error.recorded) fail("container test", error.message);
    exitCode = 1;
  } else {
    fail("container test", error instanceof Error ? (error.stack ?? error.message) : String(error));
    exitCode = 1;
  }
} finally {
  cleanUp();
  await smtp?.close();
}
const skipped = exitCode === 77 || (allowSkip && skippedReason) ? ", 1 skipped" : "";
log(`container: ${results.passed} passed, ${results.failed} failed${skipped}`);
process.exit(exitCode);
