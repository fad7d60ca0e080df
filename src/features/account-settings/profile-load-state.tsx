/** A profile section whose read has not answered: "Loading your profile…", or why it failed. */
export function ProfileLoadState({ loading, error }: { loading: boolean; error: Error | null }) {
  if (loading) return <p className="settings-state">Loading your profile…</p>;
  return (
    <p className="settings-state settings-state--error" role="alert">
      {error?.message ?? 'Your profile could not be loaded.'}
    </p>
  );
}
