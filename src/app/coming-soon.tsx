/** The honest placeholder of a dashboard section whose screens are not built yet. */
export function ComingSoon({ section }: { section: string }) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="coming-soon__title">
        {section}
      </h1>
      <p className="coming-soon__text">This section is coming soon.</p>
      <p className="coming-soon__hint">
        We are building the {section} screens of the portal; they will appear here, at this address, when they
        are ready.
      </p>
    </section>
  );
}
