import { RequireSignedIn } from "../../features/auth/require-signed-in";
import { AllAnnotationsPage } from "../../features/annotations/all-annotations-page";

export function AllAnnotationsRoute() {
  return (
    <>
      <title>All annotations · Tidemark</title>
      <RequireSignedIn requireTier>{(user) => <AllAnnotationsPage user={user} />}</RequireSignedIn>
    </>
  );
}

export default AllAnnotationsRoute;
