import { describe, expect, it } from 'vitest';
import { findProhibitedWord } from './packages.ts';
import { defaultSettings } from './settings.ts';

const words = defaultSettings.prohibitedWords;

describe('findProhibitedWord', () => {
  it.each([
    ['Cashmere scarf'],
    ['Cashew nuts'],
    ['Drugstore cosmetics'],
    ['Gunmetal strap'],
    ['Shotgun wedding album'],
    ['Vintage gunny sack'],
    ['Animal-print live recording'],
  ])('lets %j through: a listed word inside another word is not that word', (text) => {
    expect(findProhibitedWord(text, words)).toBeNull();
  });

  it.each([
    ['cash', 'cash'],
    ['Cash!', 'cash'],
    ['cash-in-envelope', 'cash'],
    ['Some CASH, handle with care', 'cash'],
    ['Petty cashes', 'cash'],
    ['Two guns', 'gun'],
    ["The gun's case", 'gun'],
    ['Prescription drugs', 'drug'],
    ['Old banknotes', 'banknote'],
    ['Explosives (small)', 'explosive'],
    ['Live animals: two hamsters', 'live animal'],
    ['live   ANIMAL', 'live animal'],
    ['Marijuána seeds', 'marijuana'],
  ])('refuses %j as %j', (text, word) => {
    expect(findProhibitedWord(text, words)).toBe(word);
  });

  it('matches a word an admin listed with punctuation or accents the same way', () => {
    expect(findProhibitedWord('Box of fire-crackers', ['Fire Cracker'])).toBe('Fire Cracker');
    expect(findProhibitedWord('Pétards', ['petard'])).toBe('petard');
    expect(findProhibitedWord('anything', ['--'])).toBeNull();
  });
});
