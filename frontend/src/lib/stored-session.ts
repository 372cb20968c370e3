/**
 * Whether the browser holds a sign-in (Amplify keeps `CognitoIdentityServiceProvider.<client>.LastAuthUser` in local
 * storage), read without loading Amplify. An expired session is caught by the first call that needs it.
 */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser') && localStorage.getItem(key)) return true;
    }
  } catch {
    // No storage: treated as signed out.
  }
  return false;
}
