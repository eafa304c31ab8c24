import { Crown } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import { Button } from "../../components/ui/button";

// The upgrade dialog is opened by a click, seldom: its code (both plans' words, 'Notify me') is
// fetched when the pointer or focus reaches Upgrade, not with the first screen.
const loadUpgradeDialog = () => import("./upgrade-dialog");
const UpgradeDialog = lazy(() =>
  loadUpgradeDialog().then((module) => ({ default: module.UpgradeDialog })),
);

export function UpgradeButton({ user, className }: { user: CurrentUser; className: string }) {
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  return (
    <>
      <Button
        className={className}
        size="sm"
        onPointerEnter={() => void loadUpgradeDialog()}
        onFocus={() => void loadUpgradeDialog()}
        onClick={() => setUpgradeOpen(true)}
      >
        <Crown aria-hidden="true" />
        Upgrade
      </Button>
      {upgradeOpen ? (
        <Suspense fallback={null}>
          <UpgradeDialog user={user} open onOpenChange={setUpgradeOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
