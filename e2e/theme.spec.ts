import { expect, test } from "@playwright/test";
import { readLocalStorage, seedLocalStorage } from "./support/browser-state.js";

const darkClass = /(^|\s)dark(\s|$)/;

test.describe("theme", () => {
  test("the toggle's choice is stored under 'theme' and survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const html = page.locator("html");
    const toggle = page.getByRole("button", { name: "Toggle theme" });
    await expect(html).not.toHaveClass(darkClass);

    await toggle.click();
    await expect(html).toHaveClass(darkClass);
    expect(await readLocalStorage(page, "theme")).toBe("dark");

    await page.reload();
    await expect(html).toHaveClass(darkClass);

    await toggle.click();
    await expect(html).not.toHaveClass(darkClass);
    expect(await readLocalStorage(page, "theme")).toBe("light");

    await page.reload();
    await expect(html).not.toHaveClass(darkClass);
  });

  test("with no stored choice, the system dark preference applies before the app's JavaScript runs", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    // Block the app bundle: only the tiny pre-paint script can have set the theme.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());

    await page.goto("/");

    await expect(page.locator("html")).toHaveClass(darkClass);
  });

  test("a stored choice wins over the system preference", async ({ page }) => {
    await seedLocalStorage(page, "theme", "light");
    await page.emulateMedia({ colorScheme: "dark" });

    await page.goto("/");

    await expect(page.locator("html")).not.toHaveClass(darkClass);
    await expect(page.getByRole("button", { name: "Toggle theme" })).toBeVisible();
  });
});
