import { useTranslation } from 'react-i18next';
import type { Profile } from '../../protocol/accounts.ts';

/** The name the visitor gave: their full name, else first and last name, else the username. */
export function displayName(profile: Profile): string {
  const parts = [profile.firstName, profile.lastName].filter((part): part is string => Boolean(part?.trim()));
  return profile.name?.trim() || parts.join(' ') || profile.username;
}

/** Portrait (or initials), name, username, then the contact and work facts of section 3's profile. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const name = displayName(profile);
  const facts = [
    ['profile.email', profile.email],
    ['profile.phone', profile.phone],
    ['profile.company', profile.companyDisplayName],
    ['profile.occupation', profile.occupationCustom],
  ] as const;
  return (
    <>
      <div className="atrium-profile__head">
        {profile.portrait
          ? <img className="atrium-profile__portrait" src={profile.portrait} alt={t('profile.portrait', { name })} />
          : <span className="atrium-profile__portrait" aria-hidden="true">{name.trim().charAt(0).toUpperCase()}</span>}
        <div>
          <h3 className="atrium-profile__name" data-testid="profile-name">{name}</h3>
          <p className="atrium-profile__username"><span className="atrium-visually-hidden">{t('profile.username')}: </span><bdi data-testid="profile-username">{profile.username}</bdi></p>
        </div>
      </div>
      <dl className="atrium-profile__facts">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{t(label)}</dt>
            <dd data-testid={label.replace('.', '-')}>{value ? <bdi>{value}</bdi> : <span className="atrium-panel__muted">{t('profile.not-set')}</span>}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
