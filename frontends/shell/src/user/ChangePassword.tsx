import { useState } from 'react';
import { ChangePasswordStep } from '../recover/ChangePasswordStep.js';

/** Change password (POST /password/update): the recovery form with the current password asked too, emptied after a change; other sessions end. */
export function ChangePassword() {
  const [changes, setChanges] = useState(0);
  return (
    <>
      <ChangePasswordStep key={changes} askCurrent onChanged={() => setChanges((n) => n + 1)} />
      {changes > 0 ? <p role="status">Your password was changed. Other devices were signed out.</p> : null}
    </>
  );
}
