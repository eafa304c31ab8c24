import { AnnotationImportPage } from "../../features/annotation-import/annotation-import-page";
import { RequireSignedIn } from "../../features/auth/require-signed-in";

export function AnnotationImportRoute() {
  return (
    <>
      <title>Import annotations · Tidemark</title>
      <RequireSignedIn requireTier>
        {(user) => <AnnotationImportPage user={user} />}
      </RequireSignedIn>
    </>
  );
}

export default AnnotationImportRoute;
