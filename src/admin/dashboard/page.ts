/**
 * Building the page: elements by id, new elements with their text. All data goes into the page
 * through textContent and attributes, never as HTML, so no name or body a shop sent can become markup.
 */

/** An element the page (src/admin/ui.ts) always has; a missing one is a mismatch between page and script, said at once. */
export function $(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The dashboard page has no #${id}`);
  return node;
}

/** An element of the page of a known kind (an input, a form), checked rather than assumed. */
export function $of<T extends HTMLElement>(id: string, kind: new () => T): T {
  const node = $(id);
  if (!(node instanceof kind)) throw new Error(`#${id} of the dashboard page is not a ${kind.name}`);
  return node;
}

/** The first element a selector finds, there by the page's making. */
export function one(selector: string, root: ParentNode = document): HTMLElement {
  const node = root.querySelector(selector);
  if (!(node instanceof HTMLElement)) throw new Error(`The dashboard page has no ${selector}`);
  return node;
}

/** Attributes of a new element; `text` is its textContent. */
type Attributes = Record<string, string> & { text?: string };
type Child = Node | string | null | undefined;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attributes = {},
  children: readonly Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/** A status badge: its word is also its class, which gives its colour (src/admin/dashboard-style.ts). */
export function status(value: string): HTMLSpanElement {
  return el('span', { class: `status ${value}`, text: value });
}

/** The value of a form's named field (an input or a select). */
export function field(form: HTMLFormElement, name: string): string {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) return control.value;
  throw new Error(`The form has no field ${name}`);
}
