/**
 * Input-box validators from the core's parsers: undefined when the text parses, else the
 * parser's own message (which names the text and the accepted forms).
 */
import { parseEndpointUrl } from '../../core/fleet/endpoint';
import { parseDuration, parseTime } from '../../core/fleet/timeSpec';

/** A validator that runs `parse` and returns its error message, if any. */
export function validatorOf(parse: (text: string) => unknown): (text: string) => string | undefined {
  return (text) => {
    try {
      parse(text);
      return undefined;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };
}

/** A Pyroscope/Prometheus base URL. */
export const validateServerUrl = validatorOf(parseEndpointUrl);
/** `2026-03-14T10:30:00Z`, `now-1h`, Unix seconds. */
export const validateTime = validatorOf(parseTime);
/** `30m`, `1h30m`, `0`. */
export const validateDuration = validatorOf(parseDuration);
