import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  importMaxBytes,
  importMessages,
  type ImportListResponse,
  type ImportMapping,
  type ImportPreviewResponse,
  type ImportStatusResponse,
} from "../../../shared/contracts/annotation-import";
import { apiRequest } from "../../lib/api-client";
import { newRequestId } from "../../lib/request-id";
import { currentUserQueryKey } from "../../session/current-user";

const importsKey = ["/api/annotation-imports"] as const;
/** How often a running import's progress is read. */
const pollMs = 1_000;

export interface ChosenFile {
  name: string;
  text: string;
}

/**
 * The import's conversation with the server: the chosen file and its preview, the import started
 * from it and followed while it runs, the recent imports, and a resume. `target` is the property
 * for rows that name none, as the page chose it.
 */
export function useAnnotationImport(target: string | null) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [importId, setImportId] = useState(newRequestId);
  const runs = useImportRuns();
  const { setActiveId } = runs;

  const previewMutation = useMutation({
    mutationFn: (input: { file: ChosenFile; mapping?: ImportMapping; target: string | null }) =>
      apiRequest<ImportPreviewResponse>("/api/annotation-imports/preview", {
        method: "POST",
        body: {
          fileName: input.file.name,
          text: input.file.text,
          ...(input.mapping ? { mapping: input.mapping } : {}),
          ...(input.target ? { targetPropertyId: input.target } : {}),
        },
      }),
    onSuccess: (answer) => {
      setPreview(answer);
      // A new preview is a new import: starting it twice (a double click) stays one import.
      setImportId(newRequestId());
    },
  });

  const start = useMutation({
    mutationFn: () =>
      apiRequest<ImportStatusResponse>(importsKey[0], {
        method: "POST",
        body: {
          importId,
          fileName: file!.name,
          text: file!.text,
          mapping: preview!.mapping,
          ...(target ? { targetPropertyId: target } : {}),
        },
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData([importsKey[0], answer.id], answer);
      setActiveId(answer.id);
      await queryClient.invalidateQueries({ queryKey: importsKey, exact: true });
    },
  });

  async function choose(chosen: File | undefined) {
    setFileError(null);
    setPreview(null);
    setActiveId(null);
    previewMutation.reset();
    start.reset();
    if (!chosen) {
      setFile(null);
      return;
    }
    if (chosen.size > importMaxBytes) {
      setFile(null);
      setFileError(importMessages.tooLarge(chosen.size));
      return;
    }
    const read = { name: chosen.name, text: await chosen.text() };
    setFile(read);
    previewMutation.mutate({ file: read, target });
  }

  return {
    file,
    fileError,
    preview,
    importId,
    previewMutation,
    start,
    choose,
    ...runs,
  };
}

/** The import followed on the page (while it runs, and after), the recent ones, and a resume. */
function useImportRuns() {
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<string | null>(null);

  const status = useQuery({
    queryKey: [importsKey[0], activeId],
    enabled: activeId !== null,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<ImportStatusResponse>(`${importsKey[0]}/${activeId}`, {
        signal,
      });
      // The list below shows the same import: it follows once the run stops.
      // The day's count changed as rows were written: Resume follows what is left today.
      if (answer.status !== "running") {
        void queryClient.invalidateQueries({ queryKey: importsKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.status === "running" ? pollMs : false),
  });

  const recent = useQuery({
    queryKey: importsKey,
    queryFn: ({ signal }) => apiRequest<ImportListResponse>(importsKey[0], { signal }),
  });

  const resume = useMutation({
    mutationFn: (id: string) =>
      apiRequest<ImportStatusResponse>(`${importsKey[0]}/${id}/resume`, { method: "POST" }),
    onSuccess: (answer) => {
      queryClient.setQueryData([importsKey[0], answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: importsKey, exact: true });
    },
  });

  return { activeId, setActiveId, status, recent, resume };
}
