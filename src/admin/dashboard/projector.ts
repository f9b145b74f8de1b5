/**
 * Large type, high contrast: for a projector. The address keeps it (/__admin/ui?projector), so
 * a reload or a bookmark opens the page so.
 */
import { $ } from './page.js';

function projector(on: boolean): void {
  document.documentElement.classList.toggle('projector', on);
  $('projector').setAttribute('aria-pressed', on ? 'true' : 'false');
}

export function wireProjector(): void {
  $('projector').addEventListener('click', () => {
    const on = !document.documentElement.classList.contains('projector');
    projector(on);
    window.history.replaceState(null, '', location.pathname + (on ? '?projector' : ''));
  });
  projector(new URLSearchParams(location.search).has('projector'));
}
