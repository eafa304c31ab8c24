/** The reading thread's entry (see the engine's reading-thread.ts): the registered capabilities' reading. */
import { serveReadings } from "../offline-engine/reading-thread.js";
import { warmSpelling } from "../offline-engine/spelling.js";
import { readMessage } from "./reading.js";

// The dictionaries are built before the first reading, outside any reading's CPU budget.
warmSpelling();
serveReadings(readMessage);
