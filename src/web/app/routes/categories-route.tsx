import { RequireSignedIn } from "../../features/auth/require-signed-in";
import { CategoriesPage } from "../../features/categories/categories-page";

export function CategoriesRoute() {
  return (
    <>
      <title>Categories · Tidemark</title>
      <RequireSignedIn requireTier>{(user) => <CategoriesPage user={user} />}</RequireSignedIn>
    </>
  );
}

export default CategoriesRoute;
