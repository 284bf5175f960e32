import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router-dom';
import { registrationQuery } from '../../api/registration-tokens';
import { formatNational } from '../../domain/phone';

/**
 * The home route as far as the foundation goes: it reads the code, loads the registration from the API and
 * shows whose it is. The profile form, the dialogs and their statecharts come with the profile-flow issue.
 */
export function HomePage() {
  const [params] = useSearchParams();
  const token = params.get('id') ?? '';
  const registration = useQuery({ ...registrationQuery(token), enabled: token !== '' });

  if (token === '') return <h1>Club Membership Profile</h1>;
  if (registration.isPending) return <p role="status">Loading...</p>;
  if (registration.isError) {
    return (
      <section aria-labelledby="invalid-code">
        <h1 id="invalid-code">Invalid registration code</h1>
        <p>Your registration code is invalid or may have already been used.</p>
      </section>
    );
  }
  if (registration.data.isCompleted) return <Navigate to="/thank-you" replace />;
  return (
    <section aria-labelledby="profile-heading">
      <h1 id="profile-heading">Club Membership Profile</h1>
      <p>
        Mobile number: <strong>{formatNational(registration.data.mobileNumber)}</strong>
      </p>
    </section>
  );
}
