/** The readable text of the page's main region. */
export function mainText() {
  return document.getElementById('main')?.innerText ?? '';
}
