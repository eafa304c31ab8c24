import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { serverErrorMessage } from "../lib/api-error-message";
import { LoadingStatus } from "./loading-status";

/**
 * What a section read from the server shows: a loading line while it is read, the server's reason
 * (or `failed`) in quiet text when it could not be, and `children` with the data once it is.
 */
export function QueryStates<Data>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<Data>;
  loading: string;
  failed: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <LoadingStatus>{loading}</LoadingStatus>;
  if (query.isError)
    return (
      <p className="text-sm text-muted-foreground">{serverErrorMessage(query.error) ?? failed}</p>
    );
  return children(query.data);
}
