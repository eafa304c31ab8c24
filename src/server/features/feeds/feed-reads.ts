import {
  annotationExportRow,
  annotationsCsv,
  type AnnotationExportRow,
} from "../../../shared/annotation-export.js";
import type { AnnotationFeed, User } from "../../db/schema/index.js";
import { AppError } from "../../app-error.js";
import type { AnnotationsService } from "../annotations/annotations-service.js";
import type { CategoriesService } from "../categories/categories-service.js";
import type { ImpactService } from "../impact/impact-service.js";
import { impactDefaults } from "../../../shared/impact/estimate-impact.js";
import type { AnnotationImpact } from "../../../shared/contracts/impact.js";
import type { PropertiesService } from "../properties/properties-service.js";
import type { FeedsRepository } from "./feeds-repository.js";

const lastReadResolutionMs = 60_000;

/** What the feeds service is built from. */
export interface FeedsDeps {
  repository: FeedsRepository;
  annotations: AnnotationsService;
  properties: PropertiesService;
  categories: CategoriesService;
  /** Each row's impact on sessions, as the tables show it. */
  impact?: Pick<ImpactService, "forList">;
  appUrl: string;
  now?: () => Date;
}

/** A feed read as CSV with its owner's Google connection, as the pages read the same list. */
export function createFeedReads(deps: FeedsDeps, now: () => Date) {
  const { repository, annotations, properties, categories } = deps;

  /** The owner's category names; none on a plan without categories (their ids read as none). */
  async function categoryNames(user: User): Promise<Map<string, string>> {
    try {
      return new Map((await categories.list(user)).map((c) => [c.id, c.name]));
    } catch (error) {
      if (error instanceof AppError) return new Map();
      throw error;
    }
  }

  /**
   * The impact figures of a property's annotations by id. Unlike the list itself, a traffic report
   * Google cannot give now does not fail the feed: its impact cells are empty until it can.
   */
  async function impactsOf(
    user: User,
    propertyId: string,
    list: Parameters<ImpactService["forList"]>[2],
  ): Promise<Map<string, AnnotationImpact>> {
    if (!deps.impact || list.length === 0) return new Map();
    try {
      const impacts = await deps.impact.forList(user, propertyId, list, {
        metric: "sessions",
        days: impactDefaults.daysAfter,
      });
      return new Map(impacts.map((impact) => [impact.annotationId, impact]));
    } catch (error) {
      if (error instanceof AppError) return new Map();
      throw error;
    }
  }

  return {
    /**
     * The feed's rows as CSV, read with its owner's Google connection. A property the owner no
     * longer has saved, or may no longer use on their plan, is left out; a failure at Google fails
     * the whole feed, so a dashboard never shows part of the list as if it were all of it.
     */
    async read({ feed, user }: { feed: AnnotationFeed; user: User }): Promise<string> {
      await repository.noteRead(feed.id, now(), lastReadResolutionMs);
      const names = await categoryNames(user);
      const rows: AnnotationExportRow[] = [];
      for (const propertyId of feed.propertyIds) {
        let saved;
        try {
          saved = await properties.requireAllowed(user, propertyId);
        } catch (error) {
          if (error instanceof AppError) continue;
          throw error;
        }
        const context = { propertyId, propertyName: saved.name, categoryNames: names };
        const list = await annotations.list(user, propertyId);
        const impacts = await impactsOf(user, propertyId, list);
        for (const annotation of list)
          rows.push(
            annotationExportRow(annotation, {
              ...context,
              impact: impacts.get(annotation.annotationId) ?? null,
            }),
          );
      }
      return annotationsCsv(rows);
    },
  };
}
