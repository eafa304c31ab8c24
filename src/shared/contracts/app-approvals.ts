import { z } from "zod";

/** A deletion an AI app asked for, waiting for the person on the dashboard and /account. */
export interface AppApproval {
  id: string;
  /** Who asked: the connected app's name, or the personal access token's. */
  appName: string;
  propertyId: string;
  summary: string;
  annotations: { annotationId: string; title: string; date: string; endDate?: string }[];
  createdAt: string;
  expiresAt: string;
}

export interface AppApprovalOutcome {
  status: "done" | "declined";
  /** What happened, in a sentence for the person. */
  summary: string;
}

export const appApprovalParams = z.strictObject({ id: z.uuid({ message: "Unknown approval" }) });
