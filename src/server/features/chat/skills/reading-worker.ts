/** The reading thread's entry (see reading-thread.ts): the engine's own reading of messages. */
import { readMessage } from "./read-message.js";
import { serveReadings } from "./reading-thread.js";

serveReadings(readMessage);
