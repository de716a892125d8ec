import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { PrivacyTermsModal, ReportFormModal, StartReportModal } from '../public-report';
import { AboutSection, CommitmentSection } from './about-sections';
import { AccountRequestModal } from './account-request-modal';
import { CompaniesSection } from './companies-section';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingTopBar } from './landing-top-bar';
import { ReportSection } from './report-section';
import classes from './landing-page.module.css';
import { SideMenu } from './side-menu';
import { useLandingScroll } from './use-landing-scroll';

/** The public landing page `/` (platform spec §2) with the start-report dialog and the report form. */
export function LandingPage() {
  const { solid, active } = useLandingScroll();
  const wide = useMediaQuery('(min-width: 801px)', false, { getInitialValueInEffect: false });
  const [startOpened, start] = useDisclosure(false);
  const [termsOpened, terms] = useDisclosure(false);
  const [accountOpened, account] = useDisclosure(false);
  const [isMedic, setIsMedic] = useState<boolean | null>(null);

  return (
    <div className={classes.root}>
      <LandingTopBar solid={solid} onReport={start.open} />
      {wide ? <SideMenu active={active} /> : null}
      <main>
        <HeroSection onReport={start.open} />
        <AboutSection />
        <CommitmentSection />
        <ReportSection onReport={start.open} />
        <CompaniesSection />
        <FaqSection />
      </main>
      <LandingFooter onRequestAccount={account.open} onOpenTerms={terms.open} />
      <StartReportModal
        opened={startOpened}
        onClose={start.close}
        onStart={(answer) => {
          start.close();
          setIsMedic(answer);
        }}
      />
      <ReportFormModal isMedic={isMedic} onClose={() => setIsMedic(null)} />
      <PrivacyTermsModal opened={termsOpened} onClose={terms.close} />
      <AccountRequestModal opened={accountOpened} onClose={account.close} />
    </div>
  );
}
