/**
 * A faster `getComputedStyle` for the web tests' jsdom.
 *
 * Role queries ask for `display` and `visibility` of every element they pass (testing-library's
 * hidden check walks each ancestor, the accessible name each descendant), and jsdom answers each
 * ask through its full cascade: over 10 s for one antd table. The tests inject almost no style
 * (antd's component styles are off, `setup.ts`; its theme variables and icon style remain), so
 * for an element no style rule gives a display or visibility these two properties follow from
 * the element alone: `display` from its inline style, else the browser default for its kind of
 * element (asked of jsdom once per kind), and `visibility` from the nearest inline value up the
 * tree. Every other property, and every element a rule may style, goes to jsdom as before.
 */
type ComputeStyle = (element: Element) => CSSStyleDeclaration;

const CHEAP_PROPERTIES = new Set(['display', 'visibility']);

/** The attributes jsdom's default style sheet looks at to give an element its display. */
function defaultDisplayKey(element: Element): string {
  const attributes = ['hidden', 'type', 'open'].map((name) => element.getAttribute(name));
  return `${element.namespaceURI}|${element.localName}|${attributes.join('|')}`;
}

/** The selectors of a sheet's rules that set display or visibility (kept per parsed sheet). */
const stylingSelectors = new WeakMap<CSSStyleSheet, string[]>();

function setsDisplayOrVisibility(rule: CSSRule): rule is CSSStyleRule {
  const { style } = rule as CSSStyleRule;
  return Boolean(style?.getPropertyValue('display') || style?.getPropertyValue('visibility'));
}

function selectorsOf(rules: CSSRuleList): string[] {
  return Array.from(rules).flatMap((rule) => [
    ...(setsDisplayOrVisibility(rule) ? [rule.selectorText] : []),
    ...('cssRules' in rule ? selectorsOf((rule as CSSGroupingRule).cssRules) : []),
  ]);
}

/** A selector jsdom cannot match (a pseudo-element) counts as matching: jsdom decides then. */
function mayMatch(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return true;
  }
}

function styledByRule(element: Element, sheets: StyleSheetList): boolean {
  for (const sheet of Array.from(sheets) as CSSStyleSheet[]) {
    let selectors = stylingSelectors.get(sheet);
    if (!selectors) {
      selectors = selectorsOf(sheet.cssRules);
      stylingSelectors.set(sheet, selectors);
    }
    for (let current: Element | null = element; current; current = current.parentElement) {
      if (selectors.some((selector) => mayMatch(current!, selector))) return true;
    }
  }
  return false;
}

function inheritedVisibility(element: Element): string {
  for (let current: Element | null = element; current; current = current.parentElement) {
    const own = (current as HTMLElement).style?.visibility;
    if (own && own !== 'inherit') return own;
  }
  return 'visible';
}

export function cheapComputedStyle(window: Window, computeStyle: ComputeStyle): ComputeStyle {
  const defaultDisplays = new Map<string, string>();

  const defaultDisplay = (element: Element): string => {
    const key = defaultDisplayKey(element);
    let display = defaultDisplays.get(key);
    if (display === undefined) {
      const blank = element.cloneNode(false) as HTMLElement;
      blank.removeAttribute('style');
      display = computeStyle(blank).display;
      defaultDisplays.set(key, display);
    }
    return display;
  };

  const cheapValue = (element: Element, property: string): string => {
    if (property === 'visibility') return inheritedVisibility(element);
    return (element as HTMLElement).style?.display || defaultDisplay(element);
  };

  return (element: Element) => {
    if (styledByRule(element, window.document.styleSheets)) return computeStyle(element);
    let full: CSSStyleDeclaration | undefined;
    const real = () => (full ??= computeStyle(element));
    return new Proxy({} as CSSStyleDeclaration, {
      get(_target, property) {
        if (property === 'getPropertyValue') {
          return (name: string) =>
            CHEAP_PROPERTIES.has(name) ? cheapValue(element, name) : real().getPropertyValue(name);
        }
        if (typeof property === 'string' && CHEAP_PROPERTIES.has(property)) {
          return cheapValue(element, property);
        }
        const value: unknown = Reflect.get(real(), property);
        return typeof value === 'function' ? value.bind(real()) : value;
      },
    });
  };
}
