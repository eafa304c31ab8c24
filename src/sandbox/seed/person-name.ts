/** A display name from an email address: `jane.doe+ga@x.com` → Jane Doe. */
export function personNameFromEmail(email: string): {
  name: string;
  givenName: string;
  familyName: string;
} {
  const local = email.split("@")[0]?.split("+")[0] ?? "";
  const words = local
    .split(/[._\-\s]+/)
    .map((word) => word.replace(/[^\p{L}]/gu, ""))
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  if (words.length === 0) return { name: "Sandbox User", givenName: "Sandbox", familyName: "User" };
  const [givenName, ...rest] = words as [string, ...string[]];
  const familyName = rest.join(" ");
  return { name: familyName ? `${givenName} ${familyName}` : givenName, givenName, familyName };
}

export function initialsOf(name: string): string {
  const letters = name
    .split(" ")
    .filter(Boolean)
    .map((word) => word.charAt(0));
  return (letters[0] ?? "?") + (letters.length > 1 ? letters[letters.length - 1] : "");
}
