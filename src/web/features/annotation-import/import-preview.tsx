import { CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { formatDateRange } from "../../../shared/annotation-dates";
import { parseIsoDate } from "../../../shared/calendar-date";
import {
  importFieldLabels,
  importFields,
  type ImportField,
  type ImportMapping,
  type ImportPreviewResponse,
  type ImportPreviewRow,
} from "../../../shared/contracts/annotation-import";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";

/** Rows shown at once in the preview; the rest a page further. */
const rowsPerPage = 100;

function dayText(row: ImportPreviewRow): string {
  const start = row.startDate ? parseIsoDate(row.startDate) : null;
  const end = row.endDate ? parseIsoDate(row.endDate) : null;
  if (start && end && row.endDate !== row.startDate) return formatDateRange(start, end);
  return row.startDate ?? "—";
}

/** Which column feeds each field; changing one asks the server for a new preview. */
export function MappingForm({
  preview,
  onChange,
}: {
  preview: ImportPreviewResponse;
  onChange: (mapping: ImportMapping) => void;
}) {
  const baseId = useId();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {importFields.map((field: ImportField) => (
        <label key={field} htmlFor={`${baseId}-${field}`} className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{importFieldLabels[field]}</span>
          <NativeSelect
            id={`${baseId}-${field}`}
            value={preview.mapping[field] ?? ""}
            onChange={(event) =>
              onChange({
                ...preview.mapping,
                [field]: event.target.value === "" ? null : Number(event.target.value),
              })
            }
          >
            <option value="">— Not in the file —</option>
            {preview.headers.map((header, index) => (
              <option key={index} value={index}>
                {header || `Column ${index + 1}`}
              </option>
            ))}
          </NativeSelect>
        </label>
      ))}
    </div>
  );
}

export function PreviewRows({ rows }: { rows: readonly ImportPreviewRow[] }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [page, setPage] = useState(0);
  const shown = onlyProblems ? rows.filter((row) => row.problems.length > 0) : rows;
  const pages = Math.max(1, Math.ceil(shown.length / rowsPerPage));
  const current = Math.min(page, pages - 1);
  const visible = shown.slice(current * rowsPerPage, (current + 1) * rowsPerPage);
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={onlyProblems}
          onChange={(event) => {
            setOnlyProblems(event.target.checked);
            setPage(0);
          }}
        />
        Show only rows with problems
      </label>
      <div className="rounded-lg border">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Rows of the file, with their problems</caption>
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-14 px-2 py-2 font-medium sm:w-16 sm:px-3">
                Line
              </th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                Annotation
              </th>
              <th scope="col" className="w-[42%] px-2 py-2 font-medium sm:px-3">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {visible.map((row) => (
              <tr key={row.line} className="align-top">
                <td className="px-2 py-2 font-mono text-xs sm:px-3">{row.line}</td>
                <td className="min-w-0 px-2 py-2 sm:px-3">
                  <p className="font-medium break-words">{row.title || "(no title)"}</p>
                  <p className="text-xs break-words text-muted-foreground">
                    {dayText(row)}
                    {row.propertyName ? ` · ${row.propertyName}` : ""}
                    {row.color ? ` · ${row.color.toLowerCase()}` : ""}
                    {row.category ? ` · ${row.category}` : ""}
                  </p>
                </td>
                <td className="px-2 py-2 sm:px-3">
                  {row.skipped ? (
                    <span className="break-words text-muted-foreground">{row.skipped}</span>
                  ) : row.problems.length === 0 ? (
                    <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
                      <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
                      Ready
                    </span>
                  ) : (
                    <ul className="flex flex-col gap-1 text-destructive">
                      {row.problems.map((problem) => (
                        <li key={problem} className="break-words">
                          {problem}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Preview pages" className="flex flex-wrap items-center gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            Previous
          </Button>
          <span>
            Page {current + 1} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={current === pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
