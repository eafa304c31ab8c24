import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../shared/contracts/auth";
import { isSubscriptionTier } from "../../shared/plans";
import { apiRequest } from "../lib/api-client";

export const currentUserQueryKey = ["/api/auth/user"] as const;

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === "string";
}

/**
 * Checks the fields the web app decides with. A type-only import of the contract keeps zod (the
 * server's validator) out of the landing page's bundle.
 */
export function parseCurrentUser(json: unknown): CurrentUser {
  if (typeof json !== "object" || json === null)
    throw new TypeError("Unexpected current-user response");
  const user = json as Record<string, unknown>;
  const tier = user.subscriptionTier;
  if (
    typeof user.id !== "string" ||
    typeof user.email !== "string" ||
    !(tier === null || isSubscriptionTier(tier)) ||
    typeof user.canSelectPremium !== "boolean" ||
    !isNullableString(user.firstName) ||
    !isNullableString(user.lastName)
  ) {
    throw new TypeError("Unexpected current-user response");
  }
  return user as unknown as CurrentUser;
}

/**
 * Who is signed in: the user, or null when signed out (the server answers 204 with no body;
 * a 401, from a session that ended mid-request, means the same).
 */
export function fetchCurrentUser({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  return apiRequest(currentUserQueryKey[0], {
    on401: "return-null",
    parse: (json) => (json === null ? null : parseCurrentUser(json)),
    signal,
  });
}

export interface CurrentUserState {
  /** Undefined until the first answer arrives. */
  user: CurrentUser | null | undefined;
  isLoading: boolean;
}

/**
 * The signed-in user: refetched every time a screen that needs it mounts, not kept
 * once nothing shows it, never retried. A failed check counts as signed out, so a server
 * hiccup shows the public pages rather than an empty screen.
 */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: "always",
    retry: false,
  });
  if (query.isPending) return { user: undefined, isLoading: true };
  return { user: query.data ?? null, isLoading: false };
}

/** Stores a user the server just returned and asks the server again, so every screen agrees. */
export async function refreshCurrentUser(
  queryClient: QueryClient,
  latest?: CurrentUser,
): Promise<void> {
  if (latest) queryClient.setQueryData(currentUserQueryKey, latest);
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}
