// parse-prometheus-text-format 1.1 ships no types; what the metrics test reads of its answer.
declare module "parse-prometheus-text-format" {
  export interface Sample {
    readonly value?: string
    readonly labels?: Readonly<Record<string, string>>
    readonly buckets?: Readonly<Record<string, string>>
    readonly count?: string
    readonly sum?: string
  }
  export interface Family {
    readonly name: string
    readonly help: string
    readonly type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED"
    readonly metrics: ReadonlyArray<Sample>
  }
  export default function parsePrometheusTextFormat(text: string): Array<Family>
}
