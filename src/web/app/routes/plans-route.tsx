import { LoadingScreen } from "../../components/loading-screen";
import { useCurrentUser } from "../../session/current-user";
import { PlansPage } from "../../features/plans/plans-page";

export function PlansRoute() {
  const { user, isLoading } = useCurrentUser();
  return (
    <>
      <title>Choose Your Plan · Tidemark</title>
      {isLoading ? <LoadingScreen label="Loading plans..." /> : <PlansPage user={user ?? null} />}
    </>
  );
}

export default PlansRoute;
