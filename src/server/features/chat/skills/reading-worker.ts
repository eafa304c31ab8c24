/** The reading thread's entry (see the engine's reading-thread.ts): the registered capabilities' reading. */
import { serveReadings } from "../offline-engine/reading-thread.js";
import { readMessage } from "./reading.js";

serveReadings(readMessage);
