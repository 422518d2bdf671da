// html-to-text 10 ships no types; the one function the ingress uses.
declare module "html-to-text" {
  export function convert(html: string, options?: { readonly wordwrap?: number | false }): string
}
