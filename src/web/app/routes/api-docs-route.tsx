import { ApiDocsPage } from "../../features/api-docs/api-docs-page";

export function ApiDocsRoute() {
  return (
    <>
      <title>AI assistants and the API · Tidemark</title>
      <ApiDocsPage />
    </>
  );
}

export default ApiDocsRoute;
