import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';
import { settledListbox } from './support/places.ts';

// Places: the place picker on the design-system page, against the real bundled
// gazetteer, and the GeoNames credit on /about.

const env = setUpServerAndBrowser({ demoMode: false });
const withPage = env.withPage;

const phone = { width: 360, height: 740 };

async function openShowcase(page: Page) {
  await page.goto('/ui#place-picker');
  const section = page.getByRole('region', { name: 'Place picker' });
  await section.waitFor();
  return section;
}

describe('place picker', () => {
  it('finds São Paulo from "sao" and chooses it with the keyboard (360 px)', () =>
    withPage(async ({ page, errors }) => {
      const section = await openShowcase(page);
      const from = section.getByRole('combobox', { name: 'From' });
      expect(await from.getAttribute('aria-expanded')).toBe('false');

      await from.pressSequentially('sao');
      const listbox = section.getByRole('listbox', { name: 'From' });
      const saoPaulo = listbox.getByRole('option', { name: 'São Paulo, Brazil' });
      await settledListbox(section, 'From').getByRole('option', { name: 'São Paulo, Brazil' }).waitFor();
      expect(await from.getAttribute('aria-expanded')).toBe('true');
      // Most populous first.
      expect(await listbox.getByRole('option').first().innerText()).toBe('São Paulo, Brazil');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      await from.press('ArrowDown');
      expect(await saoPaulo.getAttribute('aria-selected')).toBe('true');
      expect(await from.getAttribute('aria-activedescendant')).toBe(await saoPaulo.getAttribute('id'));
      // Open list, highlighted option: the state a screen reader meets.
      await expectAccessible(page);

      // Down then up comes back, and wraps around from the top.
      await from.press('ArrowDown');
      await from.press('ArrowUp');
      expect(await saoPaulo.getAttribute('aria-selected')).toBe('true');

      await from.press('Enter');
      expect(await from.inputValue()).toBe('São Paulo, Brazil');
      expect(await from.getAttribute('aria-expanded')).toBe('false');
      expect(await listbox.isHidden()).toBe(true);
      expect(await section.getByText('Chosen: São Paulo, Brazil').innerText()).toMatch(/\(-23\.\d+, -46\.\d+\)/);
      expect(await from.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    }, phone));

  it('closes with Escape, then clears with a second Escape, and un-chooses when the text changes', () =>
    withPage(async ({ page, errors }) => {
      const section = await openShowcase(page);
      const from = section.getByRole('combobox', { name: 'From' });
      await from.pressSequentially('berl');
      const berlin = settledListbox(section, 'From').getByRole('option', { name: 'Berlin, Germany' });
      await berlin.waitFor();
      await from.press('ArrowDown');
      await from.press('Enter');
      await section.getByText('Chosen: Berlin, Germany').waitFor();

      await from.press('Backspace');
      await section.getByText('No city starts with “Berlin, German”.', { exact: false }).waitFor();
      expect(await section.getByText('Chosen: Berlin, Germany').count()).toBe(0);
      await from.press('Escape');
      expect(await from.getAttribute('aria-expanded')).toBe('false');
      expect(await from.inputValue()).toBe('Berlin, German');
      await from.press('Escape');
      expect(await from.inputValue()).toBe('');
      expect(errors).toEqual([]);
    }));

  it('limits the second picker to France and says so when nothing matches', () =>
    withPage(async ({ page, errors }) => {
      const section = await openShowcase(page);
      const to = section.getByRole('combobox', { name: 'To' });
      await to.pressSequentially('par');
      const listbox = section.getByRole('listbox', { name: 'To' });
      await settledListbox(section, 'To').getByRole('option', { name: 'Paris, France' }).waitFor();
      const labels = await listbox.getByRole('option').allInnerTexts();
      expect(labels.length).toBeGreaterThan(1);
      expect(labels.every((label) => label.endsWith(', France'))).toBe(true);

      await to.fill('zzqx');
      await section.getByText('No city starts with “zzqx”.', { exact: false }).waitFor();
      expect(await listbox.isHidden()).toBe(true);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    }));

  it('shows the distance once both places are chosen', () =>
    withPage(async ({ page }) => {
      const section = await openShowcase(page);
      for (const [name, text, option] of [
        ['From', 'berlin', 'Berlin, Germany'],
        ['To', 'paris', 'Paris, France'],
      ] as const) {
        const box = section.getByRole('combobox', { name });
        await box.pressSequentially(text);
        await section.getByRole('option', { name: option }).waitFor();
        await box.press('ArrowDown');
        await box.press('Enter');
      }
      // Paris–Berlin is about 878 km as the crow flies.
      expect(await section.getByText('As the crow flies:').innerText()).toMatch(/8[78]\d km/);
    }));

  it('says so inside the list when place search fails', () =>
    withPage(async ({ page, errors }) => {
      await page.route(
        (url) => url.pathname === '/api/places',
        (route) => route.abort(),
      );
      const section = await openShowcase(page);
      await section.getByRole('combobox', { name: 'From' }).pressSequentially('lis');
      await section.getByText('Place search is not available right now.').first().waitFor();
      await section.getByRole('button', { name: 'Try again' }).waitFor();
      expect(errors.filter((e) => !/api\/places|ERR_FAILED/.test(e))).toEqual([]);
    }));
});

it('credits GeoNames under CC BY 4.0 on /about', () =>
  withPage(async ({ page }) => {
    await page.goto('/about');
    const credits = page.getByRole('region', { name: 'Data credits' });
    await credits.waitFor();
    expect(await credits.getByRole('link', { name: 'GeoNames' }).getAttribute('href')).toBe(
      'https://www.geonames.org/',
    );
    expect(await credits.getByRole('link', { name: /CC BY 4\.0/ }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
  }));
