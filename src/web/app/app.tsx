import type { QueryClient } from "@tanstack/react-query";
import { AppProviders } from "./app-providers";
import { AppRouter } from "./app-router";

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  );
}
