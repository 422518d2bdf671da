/** Runs a report script's main: exit 0 once it has printed, 1 with the error when the service or a call failed. */
export const runReport = (main: () => Promise<void>) =>
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
