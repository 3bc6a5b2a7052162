// Demo mode's accounts (seeded on first start with DEMO_MODE on; they never exist otherwise).
// The password is public on purpose: these accounts hold nothing real.
export const DEMO_PASSWORD = 'tagalong-demo';

export interface DemoAccount {
  email: string;
  name: string;
  description: string;
  admin: boolean;
  /** Mobile number verified and identity check approved, so verifiedProfile is true. */
  verified: boolean;
  phoneNumber: string | null;
}

// Numbers from Ofcom's range reserved for drama (+44 7700 900000–900999): never a real phone.
export const demoAccounts: readonly DemoAccount[] = [
  {
    email: 'admin@tagalong.test',
    name: 'Alex Admin',
    description: 'Administrator: the back office and everything in it.',
    admin: true,
    verified: true,
    phoneNumber: '+447700900001',
  },
  {
    email: 'sender@tagalong.test',
    name: 'Sam Sender',
    description: 'Verified member who sends packages.',
    admin: false,
    verified: true,
    phoneNumber: '+447700900002',
  },
  {
    email: 'traveler@tagalong.test',
    name: 'Tess Traveler',
    description: 'Verified member who carries packages.',
    admin: false,
    verified: true,
    phoneNumber: '+447700900003',
  },
  {
    email: 'new@tagalong.test',
    name: 'Nico Newcomer',
    description: 'Signed up, e-mail confirmed, onboarding not finished.',
    admin: false,
    verified: false,
    phoneNumber: null,
  },
];
