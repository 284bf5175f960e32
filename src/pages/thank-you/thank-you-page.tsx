/** Spec §2 thank-you, generic part; the plan sentence and the survey invitation come with their issue. */
export function ThankYouPage() {
  return (
    <section aria-labelledby="thank-you-heading">
      <h1 id="thank-you-heading">Thank you for completing your membership club profile!</h1>
      <p>Your profile is now complete.</p>
    </section>
  );
}
