import { formatIsoDate, parseIsoDate, toDayNumber } from "../calendar/civil-date.js";
import { annotationColorNumbers, type AnnotationRecord } from "../store/sandbox-records.js";

/**
 * The list filter of reportingDataAnnotations: an AIP-160 subset. Fields `name`, `title`,
 * `description`, `color`, `annotation_date`, `annotation_date_range.start_date|end_date`,
 * `system_generated` (snake or camel case); functions `annotation_duration()` and
 * `is_annotation_in_range("YYYY-MM-DD", "YYYY-MM-DD")`; operators = != < > <= >= : =~ !~;
 * NOT / -, AND (or juxtaposition), OR (binding tighter than AND, as AIP-160 says), parentheses.
 *
 * Decisions where Google is silent: `:` on text is a case-insensitive "contains";
 * `is_annotation_in_range` is true when the annotation overlaps the range (both inclusive);
 * `annotation_duration()` counts whole days inclusively, so a single date is 86400s.
 */
export type AnnotationPredicate = (annotation: AnnotationRecord, name: string) => boolean;

export class FilterError extends Error {}

type Token =
  | { type: "string"; value: string }
  | { type: "word"; value: string }
  | { type: "op"; value: string }
  | { type: "punct"; value: "(" | ")" | "," };

const operators = ["<=", ">=", "!=", "=~", "!~", "=", "<", ">", ":"];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '"' || char === "'") {
      let value = "";
      index += 1;
      while (index < text.length && text[index] !== char) {
        if (text[index] === "\\" && index + 1 < text.length) index += 1;
        value += text[index];
        index += 1;
      }
      if (index >= text.length) throw new FilterError("unterminated string literal");
      index += 1;
      tokens.push({ type: "string", value });
    } else if (char === "(" || char === ")" || char === ",") {
      tokens.push({ type: "punct", value: char });
      index += 1;
    } else {
      const op = operators.find((candidate) => text.startsWith(candidate, index));
      if (op) {
        tokens.push({ type: "op", value: op });
        index += op.length;
        continue;
      }
      const word = /^[^\s()",:=<>!~']+/.exec(text.slice(index))?.[0];
      if (!word) throw new FilterError(`unexpected character '${char}'`);
      tokens.push({ type: "word", value: word });
      index += word.length;
    }
  }
  return tokens;
}

type Field =
  | "name"
  | "title"
  | "description"
  | "color"
  | "annotation_date"
  | "annotation_date_range.start_date"
  | "annotation_date_range.end_date"
  | "system_generated";

const fieldAliases: Record<string, Field> = {
  name: "name",
  title: "title",
  description: "description",
  color: "color",
  annotation_date: "annotation_date",
  annotationDate: "annotation_date",
  "annotation_date_range.start_date": "annotation_date_range.start_date",
  "annotationDateRange.startDate": "annotation_date_range.start_date",
  "annotation_date_range.end_date": "annotation_date_range.end_date",
  "annotationDateRange.endDate": "annotation_date_range.end_date",
  system_generated: "system_generated",
  systemGenerated: "system_generated",
};

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): AnnotationPredicate {
    const predicate = this.expression();
    if (this.position < this.tokens.length)
      throw new FilterError(`unexpected '${this.tokens[this.position]!.value}'`);
    return predicate;
  }

  /** expression := sequence (AND sequence)* */
  private expression(): AnnotationPredicate {
    const parts = [this.sequence()];
    while (this.isWord("AND")) {
      this.position += 1;
      parts.push(this.sequence());
    }
    return parts.length === 1 ? parts[0]! : (a, n) => parts.every((part) => part(a, n));
  }

  /** sequence := factor factor* (juxtaposition means AND) */
  private sequence(): AnnotationPredicate {
    const parts = [this.factor()];
    while (this.position < this.tokens.length && !this.isWord("AND") && !this.isPunct(")"))
      parts.push(this.factor());
    return parts.length === 1 ? parts[0]! : (a, n) => parts.every((part) => part(a, n));
  }

  /** factor := term (OR term)* */
  private factor(): AnnotationPredicate {
    const parts = [this.term()];
    while (this.isWord("OR")) {
      this.position += 1;
      parts.push(this.term());
    }
    return parts.length === 1 ? parts[0]! : (a, n) => parts.some((part) => part(a, n));
  }

  /** term := (NOT | -) term | "(" expression ")" | restriction */
  private term(): AnnotationPredicate {
    const token = this.peek();
    if (!token) throw new FilterError("unexpected end of filter");
    if (token.type === "word" && (token.value === "NOT" || token.value === "-")) {
      this.position += 1;
      const inner = this.term();
      return (a, n) => !inner(a, n);
    }
    if (token.type === "word" && token.value.startsWith("-") && token.value.length > 1) {
      this.tokens[this.position] = { type: "word", value: token.value.slice(1) };
      const inner = this.term();
      return (a, n) => !inner(a, n);
    }
    if (this.isPunct("(")) {
      this.position += 1;
      const inner = this.expression();
      this.expect(")");
      return inner;
    }
    return this.restriction();
  }

  private restriction(): AnnotationPredicate {
    const token = this.next();
    if (token.type !== "word")
      throw new FilterError(`expected a field or function, found '${token.value}'`);
    if (this.isPunct("(")) return this.functionRestriction(token.value);
    const field = fieldAliases[token.value];
    if (!field) throw new FilterError(`unknown field '${token.value}'`);
    const op = this.next();
    if (op.type !== "op") throw new FilterError(`expected an operator after '${token.value}'`);
    const value = this.value();
    return fieldComparison(field, op.value, value);
  }

  private functionRestriction(name: string): AnnotationPredicate {
    this.expect("(");
    const args: string[] = [];
    while (!this.isPunct(")")) {
      args.push(this.value());
      if (this.isPunct(",")) this.position += 1;
      else break;
    }
    this.expect(")");
    let op = "=";
    let operand = "true";
    if (this.peek()?.type === "op") {
      op = this.next().value;
      operand = this.value();
    }
    if (name === "is_annotation_in_range") {
      if (args.length !== 2) throw new FilterError("is_annotation_in_range takes two dates");
      const [start, end] = args.map((arg) => {
        const date = parseIsoDate(arg);
        if (!date) throw new FilterError(`'${arg}' is not a date in YYYY-MM-DD form`);
        return toDayNumber(date);
      }) as [number, number];
      const expected = booleanOperand(operand);
      const matches = (a: AnnotationRecord) => {
        const [from, to] = dayRange(a);
        return from <= end && to >= start;
      };
      if (op === "=") return (a) => matches(a) === expected;
      if (op === "!=") return (a) => matches(a) !== expected;
      throw new FilterError(`operator ${op} cannot compare a boolean`);
    }
    if (name === "annotation_duration") {
      if (args.length !== 0) throw new FilterError("annotation_duration takes no arguments");
      const seconds = durationSeconds(operand);
      return (a) => {
        const [from, to] = dayRange(a);
        return compareNumbers((to - from + 1) * 86_400, op, seconds);
      };
    }
    throw new FilterError(`unknown function '${name}'`);
  }

  private value(): string {
    const token = this.next();
    if (token.type === "string" || token.type === "word") return token.value;
    throw new FilterError(`expected a value, found '${token.value}'`);
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private next(): Token {
    const token = this.tokens[this.position];
    if (!token) throw new FilterError("unexpected end of filter");
    this.position += 1;
    return token;
  }

  private isWord(value: string): boolean {
    const token = this.peek();
    return token?.type === "word" && token.value === value;
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token?.type === "punct" && token.value === value;
  }

  private expect(value: string): void {
    if (!this.isPunct(value)) throw new FilterError(`expected '${value}'`);
    this.position += 1;
  }
}

function dayRange(annotation: AnnotationRecord): [number, number] {
  const { target } = annotation;
  return target.kind === "date"
    ? [toDayNumber(target.date), toDayNumber(target.date)]
    : [toDayNumber(target.startDate), toDayNumber(target.endDate)];
}

function booleanOperand(value: string): boolean {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new FilterError(`'${value}' is not a boolean`);
}

function durationSeconds(value: string): number {
  const match = /^(\d+(?:\.\d+)?)s?$/.exec(value);
  if (!match) throw new FilterError(`'${value}' is not a duration such as 172800s`);
  return Number(match[1]);
}

/** The ordering operators, for numbers and text alike (text compares as Google's does, by code point). */
function compareOrdered<T extends number | string>(
  actual: T,
  op: string,
  expected: T,
  kind: "numbers" | "text",
): boolean {
  switch (op) {
    case "=":
      return actual === expected;
    case "!=":
      return actual !== expected;
    case "<":
      return actual < expected;
    case "<=":
      return actual <= expected;
    case ">":
      return actual > expected;
    case ">=":
      return actual >= expected;
    default:
      throw new FilterError(`operator ${op} cannot compare ${kind}`);
  }
}

function compareNumbers(actual: number, op: string, expected: number): boolean {
  return compareOrdered(actual, op, expected, "numbers");
}

function fieldComparison(field: Field, op: string, value: string): AnnotationPredicate {
  if (field === "color") {
    if (op !== "=" && op !== "!=" && op !== ":")
      throw new FilterError(`operator ${op} cannot compare a color`);
    const byNumber = Object.entries(annotationColorNumbers).find(
      ([, number]) => String(number) === value,
    )?.[0];
    const color = byNumber ?? value.toUpperCase();
    if (!(color in annotationColorNumbers)) throw new FilterError(`'${value}' is not a color`);
    return op === "!=" ? (a) => a.color !== color : (a) => a.color === color;
  }
  if (field === "system_generated") {
    const expected = booleanOperand(value);
    if (op === "=" || op === ":") return (a) => a.systemGenerated === expected;
    if (op === "!=") return (a) => a.systemGenerated !== expected;
    throw new FilterError(`operator ${op} cannot compare a boolean`);
  }
  if (field === "annotation_date" || field.startsWith("annotation_date_range")) {
    if (!parseIsoDate(value)) throw new FilterError(`'${value}' is not a date in YYYY-MM-DD form`);
    if (op === "=~" || op === "!~" || op === ":")
      throw new FilterError(`operator ${op} cannot compare a date`);
    const read = (a: AnnotationRecord): string | undefined => {
      const { target } = a;
      if (field === "annotation_date")
        return target.kind === "date" ? formatIsoDate(target.date) : undefined;
      if (target.kind !== "range") return undefined;
      return formatIsoDate(field.endsWith("start_date") ? target.startDate : target.endDate);
    };
    return (a) => {
      const actual = read(a);
      return actual !== undefined && compareText(actual, op, value);
    };
  }
  const read = (a: AnnotationRecord, name: string): string =>
    field === "name" ? name : field === "title" ? a.title : a.description;
  if (op === "=~" || op === "!~") {
    let pattern: RegExp;
    try {
      pattern = new RegExp(value, "u");
    } catch {
      throw new FilterError(`'${value}' is not a valid regular expression`);
    }
    return op === "=~" ? (a, n) => pattern.test(read(a, n)) : (a, n) => !pattern.test(read(a, n));
  }
  return (a, n) => compareText(read(a, n), op, value);
}

function compareText(actual: string, op: string, expected: string): boolean {
  // ":" is "has": a case-insensitive substring match.
  if (op === ":") return actual.toLowerCase().includes(expected.toLowerCase());
  return compareOrdered(actual, op, expected, "text");
}

/** Parses a filter; throws FilterError with a readable reason when it is malformed or unsupported. */
export function parseAnnotationFilter(filter: string): AnnotationPredicate {
  const tokens = tokenize(filter);
  if (tokens.length === 0) return () => true;
  return new Parser(tokens).parse();
}
