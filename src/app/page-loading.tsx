/** The spinner shown while a lazily loaded page arrives. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="Loading">
      <span className="spinner spinner--large" aria-hidden="true" />
    </div>
  );
}
