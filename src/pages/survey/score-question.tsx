import { SURVEY_SCALE, type SurveyQuestion } from '../../domain/survey';
import styles from './survey-page.module.css';

interface ScoreQuestionProps {
  question: SurveyQuestion;
  number: number;
  text: string;
  score: number;
  disabled: boolean;
  /**
   * ids of the scale legend's two lines, so each question is announced with what 1 and 10 mean. Not the list's
   * own id: its aria-label "Scale" would be read instead of its text.
   */
  scaleIds: string;
  onChoose: (score: number) => void;
}

/**
 * Ten choices as a native radio group: one Tab stop per question, arrow keys move within it, and assistive
 * tech hears which one is chosen. Styled as the buttons of docs/spec.md §2.
 */
export function ScoreQuestion({ question, number, text, score, disabled, scaleIds, onChoose }: ScoreQuestionProps) {
  return (
    <fieldset className={styles.question} disabled={disabled} aria-describedby={scaleIds}>
      <legend>
        {number}. {text}
      </legend>
      {/* The scale is the size container: the grid inside picks one row or two by the card's width, not the screen's. */}
      <div className={styles.scale}>
        <div className={styles.choices}>
          {SURVEY_SCALE.map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={question}
                value={value}
                checked={score === value}
                onChange={() => onChoose(value)}
              />
              <span>{value}</span>
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
