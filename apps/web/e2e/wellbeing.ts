import { expect, type Page } from '@playwright/test';

/**
 * Picks a mood or a feeling as a person does, by tapping its label: the input itself is visually
 * hidden (the label draws it), and the pick must then read as checked to assistive technology.
 */
export async function pick(page: Page, role: 'radio' | 'checkbox', name: string): Promise<void> {
  const input = page.getByRole(role, { name, exact: true });
  await page.locator('label').filter({ has: input }).click();
  await expect(input).toBeChecked();
}
