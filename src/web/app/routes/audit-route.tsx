import { AuditPage } from "../../features/audit/audit-page";
import { RequireSignedIn } from "../../features/auth/require-signed-in";

export function AuditRoute() {
  return (
    <>
      <title>AI Audit · Tidemark</title>
      <RequireSignedIn requireTier>{(user) => <AuditPage user={user} />}</RequireSignedIn>
    </>
  );
}

export default AuditRoute;
