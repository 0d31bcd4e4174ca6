import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cheapComputedStyle } from './cheap-computed-style';

/** A fresh jsdom with its own, unchanged getComputedStyle (the test environment's is cheap). */
function freshWindow(body: string): Window {
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
    JSDOM: new (html: string) => { window: Window };
  };
  return new JSDOM(`<!DOCTYPE html><body>${body}</body>`).window;
}

const MARKUP = `
  <div id="block"><span id="inline">a</span><table><tbody><tr id="row"><td id="cell">b</td></tr></tbody></table></div>
  <ul><li id="item">c</li></ul>
  <p id="hidden-attribute" hidden>d</p>
  <input id="hidden-input" type="hidden" />
  <span id="inline-none" style="display: none">e</span>
  <span id="inline-flex" style="display: flex">f</span>
  <section style="visibility: hidden"><div><span id="invisible">g</span></div>
    <span id="visible-again" style="visibility: visible">h</span></section>
  <span id="styled" class="shown-as-block">i</span>
  <div class="hidden-by-rule"><span id="inside-hidden">j</span></div>
`;
const IDS = [
  'block',
  'inline',
  'row',
  'cell',
  'item',
  'hidden-attribute',
  'hidden-input',
  'inline-none',
  'inline-flex',
  'invisible',
  'visible-again',
  'styled',
  'inside-hidden',
];

describe('cheapComputedStyle', () => {
  it('answers display and visibility as jsdom does, with and without style rules', () => {
    const window = freshWindow(MARKUP);
    const { document } = window;
    const jsdomStyle = (element: Element) => window.getComputedStyle(element);
    const cheap = cheapComputedStyle(window, jsdomStyle);
    const rules = document.createElement('style');
    rules.textContent =
      '.shown-as-block { display: block } .hidden-by-rule { visibility: hidden } .x { color: red }';
    document.head.append(rules);

    for (const id of IDS) {
      const element = document.getElementById(id)!;
      const expected = jsdomStyle(element);
      for (const property of ['display', 'visibility'] as const) {
        expect(`${id} ${cheap(element)[property]}`).toBe(`${id} ${expected[property]}`);
        expect(`${id} ${cheap(element).getPropertyValue(property)}`).toBe(
          `${id} ${expected.getPropertyValue(property)}`,
        );
      }
    }
  });

  it('leaves every other property to jsdom', () => {
    const window = freshWindow(
      '<span id="coloured" style="color: rgb(1, 2, 3); opacity: 0">x</span>',
    );
    const cheap = cheapComputedStyle(window, (element) => window.getComputedStyle(element));
    const style = cheap(window.document.getElementById('coloured')!);
    expect(style.color).toBe('rgb(1, 2, 3)');
    expect(style.getPropertyValue('opacity')).toBe('0');
  });
});
