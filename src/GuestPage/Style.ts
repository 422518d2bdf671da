/** The pages' one stylesheet, served from this origin (the policy allows no inline style). Colours meet WCAG AA contrast. */
export const stylesheet = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5360; --line: #c9d1d9; --accent: #0b4f9c; --paper: #ffffff; --wash: #f4f6f8; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: var(--wash); }
.skip { position: absolute; left: -999rem; }
.skip:focus { left: 1rem; top: 1rem; background: var(--paper); padding: .5rem 1rem; z-index: 1; }
.banner { background: var(--accent); color: #fff; padding: .5rem 1rem; }
.banner p { margin: 0; font-weight: 600; }
main { max-width: 50rem; margin: 0 auto; padding: 1rem; background: var(--paper); }
main:focus { outline: none; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .5rem 0; }
h2 { font-size: 1.25rem; margin: 1.75rem 0 .5rem; padding-top: .75rem; border-top: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1rem 0 .25rem; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #b35900; outline-offset: 2px; }
.state { color: var(--muted); }
.notice { border-left: .35rem solid; padding: .5rem 1rem; margin: 1rem 0; }
.notice.done { border-color: #1a7f37; background: #eaf6ec; }
.notice.problem { border-color: #b42318; background: #fdecea; }
.ask { border: 1px solid var(--line); border-radius: .4rem; padding: .25rem 1rem 1rem; margin: 1rem 0; }
.redline { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--wash); padding: .5rem .75rem; border-radius: .25rem; }
ins { background: #dafbe1; color: #0f3d1c; text-decoration: underline; }
del { background: #ffebe9; color: #6e1410; text-decoration: line-through; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.label { font-weight: 600; color: var(--muted); margin-bottom: 0; }
.tally, .muted, .hash { color: var(--muted); }
.badge { background: #fff1c2; color: #5c4100; border-radius: .25rem; padding: 0 .4rem; font-size: .85rem; }
.words { list-style: none; padding: 0; }
.block { padding: .25rem 0 .5rem; border-bottom: 1px solid var(--wash); }
.block .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: .25rem 0; }
.block.heading .text { font-weight: 700; font-size: 1.1rem; }
.links { margin: 0; font-size: .95rem; }
code, .hash-value { overflow-wrap: anywhere; font-size: .9rem; }
blockquote { margin: .5rem 0; padding: .25rem .75rem; border-left: .25rem solid var(--line); white-space: pre-wrap; overflow-wrap: anywhere; }
.recipe { overflow-x: auto; background: var(--wash); padding: .75rem; font-size: .85rem; }
form { margin: .5rem 0; }
form.inline { display: inline-block; margin: 0 0 0 .75rem; }
form.inline button { min-height: 2.25rem; padding: .25rem .75rem; }
.field { margin: .5rem 0; }
.field label, legend { display: block; font-weight: 600; }
.hint { margin: 0; color: var(--muted); }
textarea, input[type=text], input[type=email] { width: 100%; font: inherit; padding: .4rem; border: 1px solid #6b7280; border-radius: .25rem; }
fieldset { border: 1px solid var(--line); border-radius: .25rem; margin: .5rem 0; }
.check { display: flex; gap: .5rem; align-items: flex-start; margin: .5rem 0; }
.check input { margin-top: .35rem; }
button { font: inherit; font-weight: 600; padding: .5rem 1rem; min-height: 2.75rem; border-radius: .3rem; border: 2px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: var(--paper); color: var(--accent); }
.buttons { display: flex; flex-wrap: wrap; gap: .5rem; }
.decide { display: grid; gap: .25rem; }
details { margin: .25rem 0; }
summary { cursor: pointer; color: var(--accent); font-weight: 600; min-height: 2rem; padding: .25rem 0; }
.preview { background: var(--wash); padding: .25rem 1rem; border-radius: .25rem; }
.assure { color: #0f3d1c; }
.footer { max-width: 50rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: .9rem; }
`
