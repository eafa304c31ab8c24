import { useId } from "react";
import { cn } from "../lib/class-names";

/** A gentle wave across the mark, its crests 1.8 units above `baseline`. */
function wavePath(baseline: number): string {
  return `M5 ${baseline}c2.2 0 2.2-1.8 4.4-1.8s2.2 1.8 4.4 1.8 2.2-1.8 4.4-1.8 2.2 1.8 4.4 1.8 2.2-1.8 4.4-1.8`;
}

const waveStroke = {
  fill: "none",
  stroke: "white",
  strokeWidth: 2.2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/**
 * The product mark: an annotation marker over a tide line. Fixed brand colours (not theme
 * tokens) so the mark looks the same on light and dark pages. Decorative; pair it with the name.
 */
export function TidemarkLogo({ className }: { className?: string }) {
  // Unique per instance: two logos on one page must not share a gradient id.
  const gradientId = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-8 shrink-0", className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#1f6fd1" />
          <stop offset="100%" stopColor="#1aa3a8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <circle cx="16" cy="8.5" r="2.6" fill="white" />
      <path
        d="M16 12v5"
        stroke="white"
        strokeWidth="2"
        strokeLinecap="round"
        strokeDasharray="0.01 3.2"
      />
      <path d={wavePath(20.5)} {...waveStroke} />
      <path d={wavePath(25.2)} {...waveStroke} strokeOpacity="0.6" />
    </svg>
  );
}
