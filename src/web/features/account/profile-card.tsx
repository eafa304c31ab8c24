import type { ReactNode } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { TitledCard } from "../../components/titled-card";
import { LogOutButton } from "../../session/log-out-button";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="w-28 shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

/** Who is signed in, and the way out. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <TitledCard title="Profile" contentClassName="flex flex-col gap-4">
      <dl className="flex flex-col gap-3">
        <Row label="Email">{user.email}</Row>
        {name ? <Row label="Name">{name}</Row> : null}
      </dl>
      <LogOutButton className="self-start" />
    </TitledCard>
  );
}
