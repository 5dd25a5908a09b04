import uplotCss from 'uplot/dist/uPlot.min.css';

/**
 * The inspector's styles, scoped under `.se-inspector` so a host page (Storybook, a test page)
 * keeps its own. System fonts only: nothing is fetched. Colours meet WCAG AA contrast.
 */
export const STYLES = `
.se-inspector { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1f24; background: #fff; display: grid; grid-template-columns: 13rem 1fr; grid-template-rows: auto 1fr; min-height: 100%; }
.se-inspector * { box-sizing: border-box; }
.se-inspector .se-top { grid-column: 1 / 3; display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid #d0d7de; background: #f6f8fa; }
.se-inspector h1 { font-size: 1rem; margin: 0; }
.se-inspector h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
.se-inspector h3 { font-size: 1rem; margin: 1rem 0 .5rem; }
.se-inspector nav { border-right: 1px solid #d0d7de; padding: .5rem; background: #f6f8fa; }
.se-inspector nav ul { list-style: none; margin: 0; padding: 0; }
.se-inspector nav button { display: block; width: 100%; text-align: left; border: 0; background: none; padding: .35rem .5rem; border-radius: 6px; color: #1b1f24; font: inherit; cursor: pointer; }
.se-inspector nav button[aria-current="page"] { background: #0550ae; color: #fff; }
.se-inspector nav button:hover:not([aria-current="page"]) { background: #e7ecf0; }
.se-inspector .se-view { padding: 1rem; overflow: auto; min-width: 0; }
.se-inspector button.se-btn { font: inherit; padding: .25rem .6rem; border: 1px solid #8c959f; border-radius: 6px; background: #fff; color: #1b1f24; cursor: pointer; }
.se-inspector button.se-btn:disabled { color: #57606a; background: #f6f8fa; cursor: not-allowed; }
.se-inspector button.se-btn[aria-pressed="true"] { background: #0550ae; color: #fff; border-color: #0550ae; }
.se-inspector button.se-link { font: inherit; border: 0; background: none; color: #0550ae; text-decoration: underline; cursor: pointer; padding: 0; }
.se-inspector :focus-visible { outline: 2px solid #0969da; outline-offset: 2px; }
.se-inspector input, .se-inspector select { font: inherit; padding: .25rem .4rem; border: 1px solid #8c959f; border-radius: 6px; color: #1b1f24; background: #fff; }
.se-inspector label { display: inline-flex; gap: .35rem; align-items: center; }
.se-inspector table { border-collapse: collapse; width: 100%; margin-bottom: 1rem; }
.se-inspector caption { text-align: left; font-weight: 600; padding: .25rem 0; }
.se-inspector th, .se-inspector td { border-bottom: 1px solid #d0d7de; padding: .3rem .5rem; text-align: left; vertical-align: top; }
.se-inspector th { background: #f6f8fa; font-weight: 600; }
.se-inspector pre { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: .5rem; overflow: auto; max-height: 24rem; margin: .25rem 0; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; word-break: break-word; }
.se-inspector mark { background: #fff8c5; color: inherit; font-weight: 600; }
.se-inspector .se-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: .75rem; }
.se-inspector .se-muted { color: #57606a; }
.se-inspector .se-error { color: #a40e26; }
.se-inspector .se-ok { color: #116329; }
.se-inspector .se-grid { display: grid; grid-template-columns: minmax(10rem, 14rem) 1fr; gap: 1rem; }
.se-inspector .se-hit { border: 1px solid #d0d7de; border-radius: 6px; padding: .5rem; margin-bottom: .5rem; }
.se-inspector .se-tabs { display: flex; gap: .25rem; margin-bottom: .75rem; border-bottom: 1px solid #d0d7de; }
.se-inspector .se-tabs button { font: inherit; border: 1px solid transparent; border-bottom: 0; background: none; padding: .3rem .7rem; cursor: pointer; color: #1b1f24; border-radius: 6px 6px 0 0; }
.se-inspector .se-tabs button[aria-selected="true"] { border-color: #d0d7de; background: #fff; font-weight: 600; margin-bottom: -1px; }
.se-inspector .se-status-4, .se-inspector .se-status-5, .se-inspector .se-status-0 { color: #a40e26; font-weight: 600; }
.se-inspector .se-chart { margin-bottom: 1rem; }
${uplotCss}
`;
