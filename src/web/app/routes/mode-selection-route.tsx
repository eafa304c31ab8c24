import { RequireSignedIn } from "../../features/auth/require-signed-in";
import { ModeSelectionPage } from "../../features/mode-selection/mode-selection-page";

export function ModeSelectionRoute() {
  return (
    <RequireSignedIn requireTier>{(user) => <ModeSelectionPage user={user} />}</RequireSignedIn>
  );
}

export default ModeSelectionRoute;
