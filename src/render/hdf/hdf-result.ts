import type { Policy } from '../../model/report.js';

const skipMessage = JSON.stringify('Gray: the scan checked no resource of this policy (not applicable)');

/** "6 of 27 resources failed", or what a policy with no resource says; digits and words only, so no escaping. */
function resultText(passed: number, total: number): string {
  if (total === 0) return 'no resource was checked';
  if (passed === total) return `${passed} of ${total} resources passed`;
  return `${total - passed} of ${total} resources failed`;
}

/**
 * "21 of 27 resources passed: 6 failed (partial failure, Amber)": HDF has no partial
 * status, so an Amber control is failed like a Red one and its message tells them apart.
 */
function partialFailureText(passed: number, total: number): string {
  return `${passed} of ${total} resources passed: ${total - passed} failed (partial failure, Amber)`;
}

/**
 * The members of a control's one result after its opening brace: status, texts and
 * time. Passed for Green, failed for Red and Amber, skipped for Gray (whose impact of 0
 * makes it not applicable), an error for a colour the service is not known to use.
 *
 * @param startTime JSON string of the scan's time
 */
export function resultMembers(policy: Policy, startTime: string): string {
  const colour = policy.Compliance;
  const passed = policy.PassedResourceCount;
  const total = policy.TotalResourceCount;
  const text = resultText(passed, total);
  if (colour === 'Green') return `"status":"passed","code_desc":"${text}","start_time":${startTime}`;
  if (colour === 'Red') return `"status":"failed","code_desc":"${text}","start_time":${startTime},"message":"${text}"`;
  if (colour === 'Amber')
    return `"status":"failed","code_desc":"${text}","start_time":${startTime},"message":"${partialFailureText(passed, total)}"`;
  if (colour === 'Gray')
    return `"status":"skipped","code_desc":"${text}","start_time":${startTime},"skip_message":${skipMessage}`;
  const message = JSON.stringify(`Compliance "${colour}" is not a colour the service is known to return`);
  return `"status":"error","code_desc":"${text}","start_time":${startTime},"message":${message}`;
}
